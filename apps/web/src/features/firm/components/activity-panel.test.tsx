import { type FirmAuditEvent, firmAuditEventTypes, firmOperations } from "@precis/contract/firms";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answer, apiServer } from "@/test-support/api-server";
import { renderWithApp } from "@/test-support/render";
import { ActivityPanel } from "./activity-panel";

/** One entry of each kind the trail can hold, with the details its server writes. */
const everyKind: FirmAuditEvent[] = firmAuditEventTypes.map((event, index) => ({
  id: index + 1,
  event,
  occurredAt: "2026-03-04T12:00:00.000Z",
  actor: { userId: 1, name: "Ada Lovelace" },
  subject: { userId: 2, name: "Grace Hopper" },
  details: { name: "Entra ID", domain: "lovelace-law.ca", email: "grace@lovelace-law.ca", wouldPass: true },
}));

const LIST_LABEL = { en: "The firm's activity", fr: "L’activité du cabinet" } as const;

describe("ActivityPanel", () => {
  for (const language of ["en", "fr"] as const) {
    it(`says each kind of entry in its own words, in ${language}, none taken for a change of seats`, async () => {
      apiServer.use(answer(firmOperations.getFirmAudit, 200, { events: everyKind, nextBefore: null }));
      await renderWithApp(<ActivityPanel />, { language, namespaces: ["firm"], path: "/firm" });
      const list = await screen.findByRole("list", { name: LIST_LABEL[language] });
      const texts = within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent ?? "");
      expect(texts).toHaveLength(firmAuditEventTypes.length);
      // The fallback for Stripe's seat changes without their figures: only that entry may read as it.
      const seatsChanged = texts[firmAuditEventTypes.indexOf("seats_changed")];
      const alike = texts.filter(
        (text, index) => text === seatsChanged && firmAuditEventTypes[index] !== "seats_changed",
      );
      expect(alike).toEqual([]);
      expect(texts.join("\n")).not.toMatch(/activity\.events\./);
    });
  }
});
