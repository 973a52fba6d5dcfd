import { LEGAL_DOCUMENTS } from "@precis/contract/docs-pages";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TEST_PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations, type Language, useBrowser } from "./support/browser.ts";
import { E2E_DOCS_FEEDBACK_RETENTION_DAYS, E2E_PRIVACY_EMAIL } from "./support/global-setup.ts";

const { openPage } = useBrowser();
const pathOf = (page: Page) => new URL(page.url()).pathname;
/** French writes a no-break space between a number and its unit: compare texts with plain spaces. */
const plain = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

const texts = {
  en: {
    terms: "Terms of Service",
    privacy: "Privacy Policy",
    effective: "Effective",
    template: "A template to review before use",
    days: (count: number) => `${count} days`,
    feedbackRow: "Documentation feedback",
    sessionRow: "A session, once signed out or expired",
    footerLabel: "Legal",
    tocLabel: "On this page",
  },
  fr: {
    terms: "Conditions d’utilisation",
    privacy: "Politique de confidentialité",
    effective: "En vigueur le",
    template: "Un modèle à faire réviser avant usage",
    days: (count: number) => `${count} jours`,
    feedbackRow: "Les commentaires sur la documentation",
    sessionRow: "Une session, une fois fermée ou expirée",
    footerLabel: "Documents juridiques",
    tocLabel: "Sur cette page",
  },
} as const;

const effectiveDate = (day: string, language: Language) =>
  new Intl.DateTimeFormat(language === "fr" ? "fr-CA" : "en-CA", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The title, then the version and the effective date the server records with each acceptance. */
async function expectDocumentHeader(page: Page, document: "terms" | "privacy", language: Language) {
  const words = texts[language];
  const { version, effectiveDate: day } = LEGAL_DOCUMENTS[document];
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(words[document]);
  const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  expect(plain(await header.textContent())).toContain(`Version ${version}`);
  expect(plain(await header.textContent())).toContain(`${words.effective} ${plain(effectiveDate(day, language))}`);
  expect(await header.locator("time").getAttribute("datetime")).toBe(day);
  expect(await page.getByRole("note").filter({ hasText: words.template }).isVisible()).toBe(true);
}

/** The second cell of the retention table's row that starts with `label`. */
async function retentionOf(page: Page, label: string) {
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: label, exact: true }) });
  return plain(await row.getByRole("cell").nth(1).textContent());
}

async function expectConfiguredValues(page: Page, language: Language) {
  const words = texts[language];
  // Set for the browser suite's server (e2e/support/global-setup.ts); the others are the defaults.
  expect(await retentionOf(page, words.feedbackRow)).toBe(words.days(E2E_DOCS_FEEDBACK_RETENTION_DAYS));
  expect(await retentionOf(page, words.sessionRow)).toBe(words.days(30));
  const officer = page.getByRole("main").getByRole("link", { name: E2E_PRIVACY_EMAIL }).first();
  expect(await officer.getAttribute("href")).toBe(`mailto:${E2E_PRIVACY_EMAIL}`);
  // The deletion's grace period, as configured (ACCOUNT_DELETION_GRACE_DAYS, 30 by default).
  expect(plain(await page.getByRole("article").textContent())).toContain(words.days(30));
}

describe("Terms of Service and Privacy Policy", () => {
  for (const language of ["en", "fr"] as const) {
    it(`show their version, effective date and the configured values, with no axe violations (${language})`, async () => {
      const page = await openPage({ language });
      await page.goto("/terms");
      await expectDocumentHeader(page, "terms", language);
      expect(await page.getByRole("navigation", { name: texts[language].tocLabel }).isVisible()).toBe(true);
      await expectNoAxeViolations(page);

      await page.goto("/privacy");
      await expectDocumentHeader(page, "privacy", language);
      await expectConfiguredValues(page, language);
      expect(await page.locator("html").getAttribute("lang")).toBe(language);
      await expectNoAxeViolations(page);
    });

    it(`arrive as HTML that reads without scripts (${language})`, async () => {
      const page = await openPage({ language, javaScript: false });
      await page.goto("/privacy");
      await expectDocumentHeader(page, "privacy", language);
      await expectConfiguredValues(page, language);
      expect(await page.locator("html").getAttribute("lang")).toBe(language);
      await page.goto("/terms");
      await expectDocumentHeader(page, "terms", language);
    });
  }

  it("lets the app take the prerendered page over without an error, and on a phone lists the sections first", async () => {
    const page = await openPage({ language: "fr", width: 390 });
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto("/privacy");
    await page.waitForLoadState("networkidle");
    await expectDocumentHeader(page, "privacy", "fr");
    expect(problems).toEqual([]);
    const toc = await page.getByRole("navigation", { name: "Sur cette page" }).boundingBox();
    const article = await page.getByRole("article").boundingBox();
    expect(toc && article && toc.y < article.y).toBe(true);
    await expectNoAxeViolations(page);
  });

  it("moves focus to a section chosen in the table of contents", async () => {
    const page = await openPage();
    await page.goto("/privacy");
    await page
      .getByRole("navigation", { name: "On this page" })
      .getByRole("link", { name: "How long we keep it" })
      .click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("How long we keep it");
    expect(new URL(page.url()).hash).toBe("#how-long-we-keep-it");
  });
});

describe("links to the documents", () => {
  it("open from the registration form's checkbox in a new tab, keeping what was typed", async () => {
    const page = await openPage();
    await page.goto("/register");
    const email = uniqueEmail("terms-reader");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("First Name").fill("Amélie");
    // The links' "opens in a new tab" is their description, not part of the checkbox's name.
    const terms = page.getByRole("checkbox", {
      name: "I agree to the terms and conditions and the privacy policy",
      exact: true,
    });
    expect(await terms.isChecked()).toBe(false);

    for (const [name, path, title] of [
      ["terms and conditions", "/terms", "Terms of Service"],
      ["privacy policy", "/privacy", "Privacy Policy"],
    ] as const) {
      const link = page.getByRole("link", { name, exact: true });
      expect(await link.getAttribute("target")).toBe("_blank");
      const description = await link.evaluate(
        (element) => document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent,
      );
      expect(description).toBe("(opens in a new tab)");
      const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
      await tab.waitForLoadState();
      expect(pathOf(tab)).toBe(path);
      await expect.poll(() => tab.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      await tab.close();
      // The form is as it was: nothing lost, and a click on a link does not tick the box.
      expect(pathOf(page)).toBe("/register");
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
      expect(await page.getByLabel("First Name").inputValue()).toBe("Amélie");
      expect(await terms.isChecked()).toBe(false);
    }

    await terms.check();
    await page.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Successful User Registration" }).isVisible()).toBe(true);
  });

  it("are on the Google or Microsoft registration's confirmation too, in French", async () => {
    const page = await openPage({ language: "fr" });
    await page.goto("/sso/register?email=marie%40example.ca&username=Marie");
    await expect
      .poll(() =>
        page
          .getByRole("checkbox", {
            name: "J’accepte les conditions d’utilisation et la politique de confidentialité",
            exact: true,
          })
          .isVisible(),
      )
      .toBe(true);
    for (const [name, path] of [
      ["conditions d’utilisation", "/terms"],
      ["politique de confidentialité", "/privacy"],
    ] as const) {
      const link = page.getByRole("main").getByRole("link", { name, exact: true });
      expect(await link.getAttribute("href")).toBe(path);
      expect(await link.getAttribute("target")).toBe("_blank");
    }
    await expectNoAxeViolations(page);
  });

  for (const language of ["en", "fr"] as const) {
    it(`are in the site's footer, on every page of the shell (${language})`, async () => {
      const words = texts[language];
      const page = await openPage({ language });
      await page.goto("/document");
      const legal = () => page.getByRole("contentinfo").getByRole("navigation", { name: words.footerLabel });
      await legal().getByRole("link", { name: words.terms, exact: true }).click();
      await expect.poll(() => pathOf(page)).toBe("/terms");
      await expectDocumentHeader(page, "terms", language);
      await legal().getByRole("link", { name: words.privacy, exact: true }).click();
      await expect.poll(() => pathOf(page)).toBe("/privacy");
      await expectDocumentHeader(page, "privacy", language);
    });
  }
});
