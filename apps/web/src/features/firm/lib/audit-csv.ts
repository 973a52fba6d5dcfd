import { csvFile } from "@precis/contract/csv";
import type { FirmAuditEvent } from "@precis/contract/firms";

// The cells' neutralisation and the file's form are the contract's (csv.ts): the same rule as the server's usage
// CSV. A member's name or an invited address is typed by people outside the firm's control and must not run.
export { neutraliseCell } from "@precis/contract/csv";

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
  return csvFile([AUDIT_CSV_HEADER, ...rows]);
}
