import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpInContext } from "./support/accounts.ts";
import { expectNoAxeViolations, isVisible, type Language, useBrowser } from "./support/browser.ts";
import { keepFirmScreen } from "./support/firm-screens.ts";
import { E2E_STRIPE_FIRM_PRICE_ID } from "./support/global-setup.ts";
import { deliverStripeEvent as deliverEvent } from "./support/stripe-events.ts";

/**
 * Issue 44's seats on `/firm` and Home: the owner's Billing tab before and after Stripe's signed events say the firm
 * subscribed, and Home's notice once the subscription ends. The suite's server has no Stripe API key, so "Buy seats"
 * meets the server's 503 (the purchase itself is proven against a stand-in in apps/server/test/firms-billing.test.ts).
 */
const { openPage, baseUrl } = useBrowser();

const texts = {
  en: {
    tab: "Seats and billing",
    heading: "Seats and billing",
    seats: "Number of seats",
    buy: "Buy seats",
    notConfigured: "Payments are not configured on this server.",
    seatsOf: "1 of 3",
    active: "Active",
    addSeats: "Add seats",
    manage: "Manage billing",
    email: "Email address",
    send: "Send invitation",
    seatsFull: "Every seat your firm has bought is taken or held by an open invitation.",
    ended: (name: string) => `${name}'s subscription has ended`,
  },
  fr: {
    tab: "Sièges et facturation",
    heading: "Sièges et facturation",
    seats: "Nombre de sièges",
    buy: "Acheter des sièges",
    notConfigured: "Les paiements ne sont pas configurés sur ce serveur.",
    seatsOf: "1 sur 3",
    active: "Actif",
    addSeats: "Ajouter des sièges",
    manage: "Gérer la facturation",
    email: "Adresse courriel",
    send: "Envoyer l’invitation",
    seatsFull: "Tous les sièges achetés par votre cabinet sont occupés ou réservés par une invitation ouverte.",
    ended: (name: string) => `L’abonnement de ${name} a pris fin`,
  },
} satisfies Record<Language, unknown>;

const deliverStripeEvent = (type: string, object: Record<string, unknown>) => deliverEvent(baseUrl, type, object);

const firmSubscription = (firmId: number, status: string) => ({
  id: `sub_e2e_firm_${firmId}`,
  object: "subscription",
  customer: `cus_e2e_firm_${firmId}`,
  status,
  cancel_at_period_end: false,
  metadata: { firm_id: String(firmId) },
  items: {
    object: "list",
    data: [
      {
        id: `si_e2e_${firmId}`,
        quantity: 3,
        current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
        price: { id: E2E_STRIPE_FIRM_PRICE_ID, recurring: { interval: "month" } },
      },
    ],
  },
});

/** Calls the API as the signed-in page does: its cookie, and the access key the app keeps. */
async function apiAs(page: Page, method: "GET" | "POST", path: string, data?: object) {
  const accessKey = await page.evaluate(() => localStorage.getItem("precis.accessKey") ?? "");
  const response = await page.context().request.fetch(path, {
    method,
    headers: { "x-requested-with": "XMLHttpRequest", "x-access-key": accessKey },
    ...(data ? { data } : {}),
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

describe("a firm's seats in the browser (issue 44)", () => {
  for (const language of ["en", "fr"] as const) {
    it(`buys seats from the Billing tab, shows them once Stripe says so, and Home says when they end (${language}, 1280 and 390)`, async () => {
      const t = texts[language];
      const page = await openPage({ language });
      await signUpInContext(page.context(), { firstName: "Anne", lastName: "Tremblay" });
      await page.goto("/");
      const firmName = `Seats ${language} ${Date.now().toString(36)}`;
      const { firm } = await apiAs(page, "POST", "/api/firms", { name: firmName });

      // No subscription: the owner buys seats, at least the member count, by keyboard.
      await page.goto("/firm");
      const billingTab = page.getByRole("tab", { name: new RegExp(`(^|\\s)${t.tab}$`) });
      await billingTab.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => billingTab.getAttribute("aria-selected")).toBe("true");
      await expect.poll(isVisible(page.getByRole("heading", { level: 2, name: t.heading }))).toBe(true);
      const seats = page.getByLabel(t.seats);
      await expect.poll(() => seats.inputValue()).toBe("1");
      await expectNoAxeViolations(page);
      await keepFirmScreen(page, "firm-billing-buy");
      await seats.focus();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("3");
      await page.getByRole("button", { name: t.buy }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(isVisible(page.getByRole("alert").filter({ hasText: t.notConfigured }))).toBe(true);
      await expectNoAxeViolations(page);

      // Stripe's signed events: Checkout completed, then the subscription with three seats.
      await deliverStripeEvent("checkout.session.completed", {
        id: `cs_e2e_${firm.id}`,
        object: "checkout.session",
        metadata: { firm_id: String(firm.id) },
        customer: `cus_e2e_firm_${firm.id}`,
        subscription: `sub_e2e_firm_${firm.id}`,
      });
      await deliverStripeEvent("customer.subscription.created", firmSubscription(firm.id, "active"));
      await page.goto("/firm?tab=billing");
      await expect.poll(isVisible(page.getByText(t.seatsOf, { exact: true }))).toBe(true);
      await expect.poll(isVisible(page.getByText(t.active, { exact: true }))).toBe(true);
      await expect.poll(isVisible(page.getByRole("button", { name: t.addSeats }))).toBe(true);
      await expect.poll(isVisible(page.getByRole("button", { name: t.manage }))).toBe(true);
      await expectNoAxeViolations(page);
      await keepFirmScreen(page, "firm-billing-seated");
      expect((await apiAs(page, "GET", "/api/entitlement")).access).toBe("firm");

      // Every seat taken or held (the owner, two open invitations): the third is refused, with the way to more.
      for (const name of ["seat-a", "seat-b"]) {
        await apiAs(page, "POST", "/api/firm/invitations", { email: `${name}.${firm.id}@example.ca`, role: "member" });
      }
      await page.goto("/firm?tab=invitations");
      await page.getByLabel(t.email).fill(`seat-c.${firm.id}@example.ca`);
      await page.getByRole("button", { name: t.send, exact: true }).click();
      const refusal = page.getByRole("alert").filter({ hasText: t.seatsFull });
      await expect.poll(isVisible(refusal)).toBe(true);
      await expectNoAxeViolations(page);
      await refusal.getByRole("link", { name: t.addSeats }).click();
      await expect.poll(() => billingTab.getAttribute("aria-selected")).toBe("true");
      await expect.poll(isVisible(page.getByRole("button", { name: t.addSeats }))).toBe(true);

      await page.setViewportSize({ width: 390, height: 900 });
      await expect.poll(isVisible(page.getByRole("button", { name: t.addSeats }))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);
      await keepFirmScreen(page, "firm-billing-seated");

      // The subscription ends: Home says so, and why the access is the person's own again.
      await deliverStripeEvent("customer.subscription.deleted", firmSubscription(firm.id, "canceled"));
      await page.goto("/");
      await expect.poll(isVisible(page.getByText(t.ended(firmName), { exact: true }))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);
      await keepFirmScreen(page, "home-firm-ended");
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectNoAxeViolations(page);
      await keepFirmScreen(page, "home-firm-ended");
    });
  }
});
