/*
 * The spreadsheet-safe CSV that firms download (issue 44): the usage report, built on the server, and the activity
 * trail, built in the browser. One rule for both, so the two files can't drift apart.
 */

/** A cell a spreadsheet would run as a formula (= + - @, or a leading tab or return) is read as text instead. */
export const neutraliseCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One RFC 4180 field: always quoted, quotes doubled, after neutralising. */
export const csvField = (value: string | number) => `"${neutraliseCell(String(value)).replaceAll('"', '""')}"`;

/** Rows as a file: UTF-8 with a byte-order mark so spreadsheet programs read accents right, CRLF line ends. */
export const csvFile = (rows: readonly (readonly (string | number)[])[]) =>
  `\uFEFF${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
