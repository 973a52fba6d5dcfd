import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerThroughApi, signUpInContext, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations, type Language, useBrowser } from "./support/browser.ts";
import { deliverStripeEvent as deliverEvent } from "./support/stripe-events.ts";

const { openPage, baseUrl } = useBrowser();

/** A students' mail domain of a university on the server's default academic list. */
const SCHOOL_DOMAIN = "mail.utoronto.ca";

/** Stripe's script lives on the internet, which tests never reach: refuse it at the browser. */
async function blockStripeScript(context: BrowserContext) {
  await context.route("https://js.stripe.com/**", (route) => route.abort());
}

async function userIdOf(page: Page) {
  const response = await page.context().request.post("/api/pricing-session", {
    headers: {
      "x-requested-with": "XMLHttpRequest",
      "x-access-key": await page.evaluate(() => localStorage.getItem("precis.accessKey") ?? ""),
    },
  });
  return (await response.json()).userId as string;
}

const deliverStripeEvent = (type: string, object: Record<string, unknown>) => deliverEvent(baseUrl, type, object);

describe("subscription page", () => {
  it("asks a logged-out visitor to log in", async () => {
    const page = await openPage();
    await page.goto("/subscription");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Please Login." }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  });

  it("shows Loading ... then the pricing table with its four attributes beside the features", async () => {
    const page = await openPage();
    await blockStripeScript(page.context());
    const { email } = await signUpInContext(page.context(), { role: "lawyer" });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the answer back so the loading state can be seen, then let the real server answer.
    await page.route("**/api/pricing-session", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    await page.getByRole("button", { name: /^Account menu for / }).click();
    await page.getByRole("menuitem", { name: "Subscription" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Loading ..." }).isVisible()).toBe(true);
    release();

    const table = page.locator("stripe-pricing-table");
    await expect.poll(() => table.count()).toBe(1);
    expect(await table.getAttribute("pricing-table-id")).toBe("prctbl_e2e");
    expect(await table.getAttribute("publishable-key")).toBe("pk_test_e2e");
    expect(await table.getAttribute("customer-email")).toBe(email);
    expect(await table.getAttribute("client-reference-id")).toBe(await userIdOf(page));
    expect(await page.getByRole("heading", { name: "Features" }).isVisible()).toBe(true);
    expect(await page.getByText(/^You are on the 30-day free trial, until /).isVisible()).toBe(true);
    // Stripe's script cannot load here (it is blocked above): the page says so instead of an empty box.
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "The plans could not be loaded." }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
  });

  it("never shows a logged-in visitor Please Login. while their profile loads", async () => {
    const page = await openPage();
    await blockStripeScript(page.context());
    await signUpInContext(page.context());
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/user-details", async (route) => {
      await held;
      await route.continue();
    });
    // The page waits for who is signed in, showing its loader (the navigation settles once the app has
    // started, so it is awaited after the release).
    const loading = page.goto("/subscription");
    await expect.poll(() => page.getByRole("status", { name: "Loading" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Please Login." }).count()).toBe(0);
    release();
    await loading;
    await expect.poll(() => page.getByRole("heading", { name: "Features" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Please Login." }).count()).toBe(0);
  });

  it("says so when the pricing session cannot be fetched", async () => {
    const page = await openPage();
    await signUpInContext(page.context());
    await page.route("**/api/pricing-session", (route) => route.abort("connectionreset"));
    await page.goto("/subscription");
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "Failed. Please reload the page." }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
  });

  it("shows the plan card once Stripe's signed events say the user subscribed", async () => {
    const page = await openPage();
    await blockStripeScript(page.context());
    await signUpInContext(page.context());
    await page.goto("/subscription");
    const userId = await userIdOf(page);
    const customer = `cus_e2e_${userId}`;
    await deliverStripeEvent("checkout.session.completed", {
      id: `cs_${userId}`,
      object: "checkout.session",
      client_reference_id: userId,
      customer,
    });
    await deliverStripeEvent("customer.subscription.created", {
      id: `sub_${userId}`,
      object: "subscription",
      customer,
      status: "active",
      cancel_at_period_end: false,
      metadata: { plan_details: "Unlimited memos and case chat" },
      items: {
        data: [
          {
            current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
            price: { nickname: "Precis Professional", recurring: { interval: "month" } },
          },
        ],
      },
    });
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: "Precis Professional" }).isVisible()).toBe(true);
    expect(await page.getByText("Monthly", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Unlimited memos and case chat").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: /^Change Subscription/ }).isVisible()).toBe(true);
    expect(await page.locator("stripe-pricing-table").count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  for (const width of [1280, 390]) {
    it(`says that online payment is not set up when the server has no Stripe keys (${width} px)`, async () => {
      const page = await openPage({ width });
      await blockStripeScript(page.context());
      await signUpInContext(page.context());
      // The server embeds its public settings in index.html: serve this page as a server without
      // Stripe's keys would, and leave everything else to the real server.
      await page.route("**/subscription", async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /"payments":\{[^}]*\}/,
          '"payments":{"publishableKey":"","pricingTableId":""}',
        );
        expect(html).toContain('"publishableKey":""');
        await route.fulfill({ response, body: html });
      });
      await page.goto("/subscription");
      await expect
        .poll(() => page.getByText("Online payment is not set up on this server yet.", { exact: false }).isVisible())
        .toBe(true);
      expect(await page.locator("stripe-pricing-table").count()).toBe(0);
      // No card for the plans that holds only the notice: the features take the page's width.
      expect(await page.getByRole("region", { name: "Plans" }).count()).toBe(0);
      const features = page.getByRole("region", { name: "Features" });
      expect(await features.isVisible()).toBe(true);
      const featuresBox = await features.boundingBox();
      const titleBox = await page.getByRole("heading", { level: 1, name: "Subscription" }).boundingBox();
      expect(Math.round(featuresBox?.width ?? 0)).toBe(Math.round(titleBox?.width ?? -1));
      // Each feature's wrapped lines start under its first line's text, not under its check mark.
      const items = await features.getByRole("listitem").evaluateAll((elements) =>
        elements.map((item) => {
          const icon = item.querySelector('[aria-hidden="true"]')?.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(item.lastElementChild ?? item);
          const lineStarts = [...range.getClientRects()].map((rect) => Math.round(rect.left));
          return { iconRight: icon?.right ?? Number.NaN, lineStarts };
        }),
      );
      expect(items).toHaveLength(5);
      // At 390 px the longer features wrap: their hanging indent is what is measured.
      if (width === 390) expect(items.filter((item) => item.lineStarts.length > 1).length).toBeGreaterThan(1);
      for (const item of items) {
        expect(new Set(item.lineStarts).size).toBe(1);
        expect(item.lineStarts[0]).toBeGreaterThan(item.iconRight);
      }
      await expectNoAxeViolations(page);
    });
  }

  it("says a student's access and the day it ends in the page's language", async () => {
    const page = await openPage({ language: "fr" });
    await blockStripeScript(page.context());
    // Student access needs a school address (a student elsewhere has the trial).
    await signUpInContext(page.context(), { role: "law student" }, { email: uniqueEmail("student", SCHOOL_DOMAIN) });
    await page.goto("/subscription");
    const access = page.locator(".subscription-access");
    await expect.poll(() => access.isVisible()).toBe(true);
    expect(await access.innerText()).toMatch(
      /^À titre d’étudiant ou d’étudiante en droit, vous avez un accès gratuit jusqu’au \d{1,2} \S+ \d{4}\.$/,
    );
    expect(await page.getByRole("heading", { name: "Fonctionnalités" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  });

  it("is accessible in French", async () => {
    const page = await openPage({ language: "fr" });
    await blockStripeScript(page.context());
    await signUpInContext(page.context());
    await page.goto("/subscription");
    await expect.poll(() => page.getByRole("heading", { name: "Fonctionnalités" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  });

  const trialUsedTexts = {
    en: {
      title: "Your 30-day free trial was already used with this email address.",
      choosePlan: "Choose a plan",
      none: "You have no active plan. Choose a plan to keep using the extension.",
      why: /^Why: the 30-day free trial was already used with this email address, or a variant of it \(with a \+tag/,
    },
    fr: {
      title: "Votre essai gratuit de 30 jours a déjà été utilisé avec cette adresse courriel.",
      choosePlan: "Choisir un forfait",
      none: "Vous n’avez aucun forfait actif. Choisissez un forfait pour continuer d’utiliser l’extension.",
      why: /^Pourquoi\u00a0: l’essai gratuit de 30 jours a déjà été utilisé avec cette adresse courriel, ou une variante/,
    },
  } satisfies Record<Language, unknown>;

  for (const language of ["en", "fr"] as const) {
    for (const width of [1280, 390]) {
      it(`tells a second account of the same address why it has no trial, and leads to a plan (${language}, ${width} px)`, async () => {
        const words = trialUsedTexts[language];
        const first = uniqueEmail("trial");
        await registerThroughApi(baseUrl, {}, { email: first });
        const page = await openPage({ language, width });
        await blockStripeScript(page.context());
        // The same mailbox under a +tag: the trial ledger knows it.
        await signUpInContext(page.context(), {}, { email: first.replace("@", "+again@") });
        await page.goto("/");
        const notice = page.getByRole("status").filter({ hasText: words.title });
        await expect.poll(() => notice.isVisible()).toBe(true);
        await expectNoAxeViolations(page);
        await notice.getByRole("link", { name: words.choosePlan }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe("/subscription");
        const access = page.locator(".subscription-access");
        await expect.poll(() => access.count()).toBe(2);
        expect(await access.first().innerText()).toBe(words.none);
        expect(await access.last().innerText()).toMatch(words.why);
        await expectNoAxeViolations(page);
      });
    }
  }
});
