import type { FirmAuditEvent } from "@precis/contract/firms";
import { describe, expect, it } from "vitest";
import { firmAuditCsv, formatAuditDetails, neutraliseCell } from "./audit-csv";

const event = (overrides: Partial<FirmAuditEvent>): FirmAuditEvent => ({
  id: 1,
  event: "firm_created",
  occurredAt: "2026-11-27T14:05:00.000Z",
  actor: { userId: 1, name: "Ada Owner" },
  subject: null,
  details: {},
  ...overrides,
});

describe("neutraliseCell", () => {
  it.each(["=SUM(A1)", "+1", "-1", "@cmd", "\tx", "\rx"])("puts an apostrophe before %j", (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it("leaves other text alone, a sign inside the text included", (): void => {
    expect(neutraliseCell("Ada = owner")).toBe("Ada = owner");
    expect(neutraliseCell("")).toBe("");
  });
});

describe("formatAuditDetails", () => {
  it("writes key=value pairs, sorted by key, null as empty", () => {
    expect(formatAuditDetails({ to: "admin", from: "member", note: null, seats: 3, on: true })).toBe(
      "from=member; note=; on=true; seats=3; to=admin",
    );
  });

  it("is empty for no details", () => {
    expect(formatAuditDetails({})).toBe("");
  });
});

describe("firmAuditCsv", () => {
  it("starts with a byte-order mark and a header row, then one CRLF row per event in the given order", () => {
    const csv = firmAuditCsv([
      event({
        id: 2,
        event: "role_changed",
        occurredAt: "2026-11-28T09:00:00.000Z",
        subject: { userId: 2, name: "Béatrice Membre" },
        details: { from: "member", to: "admin" },
      }),
      event({ id: 1, details: { name: "Tremblay LLP" } }),
    ]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      '"date","event","actor","subject","details"',
      '"2026-11-28T09:00:00.000Z","role_changed","Ada Owner","Béatrice Membre","from=member; to=admin"',
      '"2026-11-27T14:05:00.000Z","firm_created","Ada Owner","","name=Tremblay LLP"',
      "",
    ]);
  });

  it("neutralises formula cells and doubles quotes", () => {
    const csv = firmAuditCsv([
      event({
        event: "invitation_sent",
        actor: { userId: 1, name: '=HYPERLINK("x")' },
        details: { email: "@evil.ca", role: "member" },
      }),
    ]);
    const row = csv.slice(1).split("\r\n")[1];
    expect(row).toBe(
      '"2026-11-27T14:05:00.000Z","invitation_sent","\'=HYPERLINK(""x"")","","email=@evil.ca; role=member"',
    );
  });

  it("neutralises details that begin with a formula sign", () => {
    const row = firmAuditCsv([event({ details: { "-x": "1" } })])
      .slice(1)
      .split("\r\n")[1];
    expect(row).toMatch(/,"'-x=1"$/);
  });

  it("writes actor and subject empty when the accounts are gone or it was Stripe", () => {
    const row = firmAuditCsv([event({ event: "seats_changed", actor: null, details: { seats: 5, status: "active" } })])
      .slice(1)
      .split("\r\n")[1];
    expect(row).toBe('"2026-11-27T14:05:00.000Z","seats_changed","","","seats=5; status=active"');
  });
});
