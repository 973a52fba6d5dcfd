import type { FirmAuditEvent } from "@precis/contract/firms";

/**
 * A cell a spreadsheet would take for a formula (=, +, -, @, or a tab or carriage return first) gets a leading
 * apostrophe, as OWASP's CSV injection advice says: the rule of the server's usage CSV
 * (apps/server/src/modules/firms/usage.ts), which lives in the server and so is written again here. A member's
 * name or an invited address is typed by people outside the firm's control, and must not run when opened.
 */
export const neutraliseCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One RFC 4180 field: always quoted, quotes doubled, after neutralising. */
const csvField = (value: string) => `"${neutraliseCell(value).replaceAll('"', '""')}"`;

/** The details as `key=value; …`, keys sorted so the same event always reads the same; null reads as empty. */
export function formatAuditDetails(details: FirmAuditEvent["details"]): string {
  return Object.keys(details)
    .sort()
    .map((key) => `${key}=${details[key] === null ? "" : String(details[key])}`)
    .join("; ");
}

export const AUDIT_CSV_HEADER = ["date", "event", "actor", "subject", "details"] as const;

/**
 * The trail as CSV, in the order given (newest first): a header row, then one row per event. The date is the
 * server's ISO 8601 instant and the event its code, not the screen's wording, so the file reads the same in either
 * language and sorts and filters in a spreadsheet. UTF-8 with a byte-order mark so spreadsheet programs read
 * accents right, CRLF line ends, as the usage CSV.
 */
export function firmAuditCsv(events: readonly FirmAuditEvent[]): string {
  const rows = events.map((event) => [
    event.occurredAt,
    event.event,
    event.actor?.name ?? "",
    event.subject?.name ?? "",
    formatAuditDetails(event.details),
  ]);
  return `\uFEFF${[[...AUDIT_CSV_HEADER], ...rows].map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}
