import { FIRM_AUDIT_PAGE_MAX, type FirmAuditEvent } from "@precis/contract/firms";
import { useMutation } from "@tanstack/react-query";
import { saveFile } from "@/lib/save-file";
import { firmAuditCsv } from "../lib/audit-csv";
import { getFirmAudit } from "./get-firm-audit";

/**
 * The whole trail, every page of `GET /api/firm/audit` at the largest size the server allows, newest first. The
 * server keeps the trail only as long as the retention rules say, so the pages are few; a `nextBefore` that does
 * not move on ends the walk rather than looping.
 */
export async function getWholeFirmAudit(): Promise<FirmAuditEvent[]> {
  const events: FirmAuditEvent[] = [];
  let before: number | null = null;
  for (;;) {
    const page = await getFirmAudit(before, undefined, FIRM_AUDIT_PAGE_MAX);
    events.push(...page.events);
    if (page.nextBefore === null || page.nextBefore === before) return events;
    before = page.nextBefore;
  }
}

/** Saves the trail as CSV (lib/audit-csv.ts), named for the day it was taken; resolves to the file's name. */
export async function downloadFirmAuditCsv(today: Date = new Date()) {
  const csv = firmAuditCsv(await getWholeFirmAudit());
  const name = `precis-firm-activity-${today.toISOString().slice(0, 10)}.csv`;
  saveFile(new Blob([csv], { type: "text/csv;charset=utf-8" }), name);
  return name;
}

export function useDownloadFirmAudit() {
  return useMutation({ mutationFn: () => downloadFirmAuditCsv() });
}
