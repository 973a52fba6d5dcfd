import type { Key, ReactNode } from "react";

/** A row of a `CountTable`: what it counts (its header cell), then one cell per further column. */
export interface CountRow {
  key: Key;
  header: ReactNode;
  headerClassName?: string;
  cells: ReactNode[];
}

/**
 * A month's counts as a table (the firm's usage report, a member's own memos): a caption for screen readers, a
 * header row, a row per thing counted, and a total row under the last column. Columns marked `isNumber` are
 * aligned as numbers by `numberClassName`. The firm and subscription pages each wrote these tables.
 */
export function CountTable({
  className,
  numberClassName,
  caption,
  columns,
  rows,
  totalLabel,
  total,
}: {
  className: string;
  numberClassName: string;
  caption: string;
  columns: { label: string; isNumber?: boolean }[];
  rows: CountRow[];
  totalLabel: string;
  total: number;
}) {
  const numberClass = (column: number) => (columns[column]?.isNumber ? numberClassName : undefined);
  // The total's label spans every column but the last, which holds the total.
  const labelSpan = columns.length - 1;
  return (
    <table className={className}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={column.label} scope="col" className={numberClass(index)}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={row.headerClassName}>
              {row.header}
            </th>
            {row.cells.map((cell, index) => (
              // A row's cells are its columns, fixed in number and order.
              // biome-ignore lint/suspicious/noArrayIndexKey: the column is the cell's identity
              <td key={index} className={numberClass(index + 1)}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={labelSpan > 1 ? labelSpan : undefined}>
            {totalLabel}
          </th>
          <td className={numberClassName}>{total}</td>
        </tr>
      </tfoot>
    </table>
  );
}
