/*
 * The spreadsheet-safe CSV that firms download (issue 44): the usage report, built on the server, and the activity
 * trail, built in the browser. One rule for both, so the two files can't drift apart.
 */

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a leading tab or return) is read as text instead. The
 * test reads the cell as a spreadsheet may: in compatibility form (NFKC, so the fullwidth "＝" and the small "﹦"
 * are "="), past any leading character that draws nothing (a zero-width space, a direction mark) or a space
 * (issue 53, finding 11). The cell itself is kept as it was, behind the apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const LEADING_INVISIBLE_OR_SPACE = /^[\p{Default_Ignorable_Code_Point}\p{Zs}]+/u;
export const neutraliseCell = (value: string) =>
  FORMULA_START.test(value.normalize("NFKC").replace(LEADING_INVISIBLE_OR_SPACE, "")) ? `'${value}` : value;

/** One RFC 4180 field: always quoted, quotes doubled, after neutralising. */
export const csvField = (value: string | number) => `"${neutraliseCell(String(value)).replaceAll('"', '""')}"`;

/** Rows as a file: UTF-8 with a byte-order mark so spreadsheet programs read accents right, CRLF line ends. */
export const csvFile = (rows: readonly (readonly (string | number)[])[]) =>
  `\uFEFF${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
