import { type Firm, firmSchema } from "@precis/contract/firms";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "@/test-support/render";
import { BillingPanel } from "./billing-panel";

/** A seated firm of 5 members and 9 seats, 4 of them held by open invitations (issue 56, finding 3). */
const firm: Firm = firmSchema.parse({
  id: 1,
  name: "Lovelace Law",
  role: "owner",
  policies: { matterCodes: "off", matterMask: null, requireTwoStep: false, signInMethods: ["password"] },
  memberCount: 5,
  createdAt: "2026-01-01T12:00:00.000Z",
  billing: {
    seated: true,
    status: "active",
    seats: 9,
    seatsPromised: 9,
    currentPeriodEnd: "2026-12-31T12:00:00.000Z",
    hasBillingAccount: true,
  },
});

const freeSeats = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe("BillingPanel's free seats", () => {
  it("counts the seats open invitations hold as taken, as the server does", async () => {
    await renderWithApp(<BillingPanel firm={firm} />, { namespaces: ["firm"], path: "/firm" });
    expect(freeSeats("Free seats")).toBe("0");
    expect(screen.getByText("The free seats are held by 4 open invitations.")).toBeInTheDocument();
  });

  it("says so in French, with one seat free", async () => {
    const billing = { ...firm.billing, seatsPromised: 8 } as Firm["billing"];
    await renderWithApp(<BillingPanel firm={{ ...firm, billing }} />, {
      language: "fr",
      namespaces: ["firm"],
      path: "/firm",
    });
    expect(freeSeats("Sièges libres")).toBe("1");
  });
});
