import { formatLongDate } from "@precis/contract/dates";
import { LEGAL_DOCUMENTS } from "@precis/contract/docs-pages";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TEST_PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations, type Language, pathOf, useBrowser } from "./support/browser.ts";
import { E2E_DOCS_FEEDBACK_RETENTION_DAYS, E2E_LEGAL_SETTINGS, E2E_PRIVACY_EMAIL } from "./support/global-setup.ts";

const { openPage } = useBrowser();
/** French writes a no-break space between a number and its unit: compare texts with plain spaces. */
const plain = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
const widths = [1280, 390] as const;

const texts = {
  en: {
    terms: "Terms of Service",
    privacy: "Privacy Policy",
    accessibility: "Accessibility statement",
    accessibilityLink: "Accessibility",
    effective: "Effective",
    /** The banner these pages showed while they were templates (issue 43): never again. */
    template: "A template to review before use",
    days: (count: number) => `${count} days`,
    feedbackRow: "Documentation feedback",
    sessionRow: "A session, once signed out or expired",
    footerLabel: "Legal",
    tocLabel: "On this page",
    // E2E_LEGAL_SETTINGS, as each language writes them.
    governingLaw: "governed by the laws in force in Ontario",
    currency: "Prices are in US dollars (USD).",
    officer: `${E2E_LEGAL_SETTINGS.PRIVACY_OFFICER_NAME}, ${E2E_LEGAL_SETTINGS.PRIVACY_OFFICER_TITLE_EN}, reachable at`,
    wcag: "level AA of the Web Content Accessibility Guidelines (WCAG) 2.1",
  },
  fr: {
    terms: "Conditions d’utilisation",
    privacy: "Politique de confidentialité",
    accessibility: "Déclaration d’accessibilité",
    accessibilityLink: "Accessibilité",
    effective: "En vigueur le",
    template: "Un modèle à faire réviser avant usage",
    days: (count: number) => `${count} jours`,
    feedbackRow: "Les commentaires sur la documentation",
    sessionRow: "Une session, une fois fermée ou expirée",
    footerLabel: "Documents juridiques",
    tocLabel: "Sur cette page",
    governingLaw: "régies par les lois en vigueur en Ontario",
    currency: "Les prix sont en dollars des États-Unis (USD).",
    officer: `${E2E_LEGAL_SETTINGS.PRIVACY_OFFICER_NAME}, ${E2E_LEGAL_SETTINGS.PRIVACY_OFFICER_TITLE_FR}, que vous pouvez joindre à`,
    wcag: "niveau AA des Règles pour l’accessibilité des contenus Web (WCAG) 2.1",
  },
} as const;

/** A calendar day as the page writes it ("1er janvier 2027" in French). */
const effectiveDate = (day: string, language: Language) =>
  formatLongDate(new Date(`${day}T00:00:00Z`), language, { timeZone: "UTC" });

/** Nothing left of the template: no "[blank]" in the page, and no banner saying it must be completed. */
async function expectNoTemplateLeft(page: Page, language: Language) {
  const text = plain(await page.getByRole("main").textContent());
  expect(text).not.toContain("[");
  expect(text).not.toContain(texts[language].template);
  expect(await page.getByRole("note").count()).toBe(0);
}

/** The title, then the version and the effective date the server records with each acceptance. */
async function expectDocumentHeader(page: Page, document: "terms" | "privacy", language: Language) {
  const words = texts[language];
  const { version, effectiveDate: day } = LEGAL_DOCUMENTS[document];
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(words[document]);
  const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  expect(plain(await header.textContent())).toContain(`Version ${version}`);
  expect(plain(await header.textContent())).toContain(`${words.effective} ${plain(effectiveDate(day, language))}`);
  expect(await header.locator("time").getAttribute("datetime")).toBe(day);
  await expectNoTemplateLeft(page, language);
}

/** The second cell of the retention table's row that starts with `label`. */
async function retentionOf(page: Page, label: string) {
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: label, exact: true }) });
  return plain(await row.getByRole("cell").nth(1).textContent());
}

async function expectConfiguredPrivacyValues(page: Page, language: Language) {
  const words = texts[language];
  // Set for the browser suite's server (e2e/support/global-setup.ts); the others are the defaults.
  expect(await retentionOf(page, words.feedbackRow)).toBe(words.days(E2E_DOCS_FEEDBACK_RETENTION_DAYS));
  expect(await retentionOf(page, words.sessionRow)).toBe(words.days(30));
  const officer = page.getByRole("main").getByRole("link", { name: E2E_PRIVACY_EMAIL }).first();
  expect(await officer.getAttribute("href")).toBe(`mailto:${E2E_PRIVACY_EMAIL}`);
  const article = plain(await page.getByRole("article").textContent());
  // The deletion's grace period, as configured (ACCOUNT_DELETION_GRACE_DAYS, 30 by default).
  expect(article).toContain(words.days(30));
  // Law 25: the person in charge, by name and title, and where to write to them.
  expect(article).toContain(words.officer);
  expect(article).toContain(E2E_LEGAL_SETTINGS.OPERATOR_LEGAL_NAME);
  expect(article).toContain(E2E_LEGAL_SETTINGS.OPERATOR_ADDRESS);
}

async function expectConfiguredTermsValues(page: Page, language: Language) {
  const words = texts[language];
  const article = plain(await page.getByRole("article").textContent());
  expect(article).toContain(E2E_LEGAL_SETTINGS.OPERATOR_LEGAL_NAME);
  expect(article).toContain(E2E_LEGAL_SETTINGS.OPERATOR_ADDRESS);
  expect(article).toContain(words.governingLaw);
  expect(article).toContain(words.currency);
}

async function expectAccessibilityStatement(page: Page, language: Language) {
  const words = texts[language];
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(words.accessibility);
  const article = plain(await page.getByRole("article").textContent());
  expect(article).toContain(words.wcag);
  for (const known of ["axe-core", "390", "1280", "Stripe", "Google", "Microsoft"]) expect(article).toContain(known);
  // Whom to tell: the configured support address.
  const contact = page.getByRole("article").getByRole("link", { name: "support@precis.example" });
  expect(await contact.getAttribute("href")).toBe("mailto:support@precis.example");
  await expectNoTemplateLeft(page, language);
}

describe("Terms of Service and Privacy Policy", () => {
  for (const language of ["en", "fr"] as const) {
    for (const width of widths) {
      it(`show their version, the configured operator, law, currency and privacy officer, and no template, with no axe violations (${language}, ${width} px)`, async () => {
        const page = await openPage({ language, width });
        await page.goto("/terms");
        await expectDocumentHeader(page, "terms", language);
        await expectConfiguredTermsValues(page, language);
        expect(await page.getByRole("navigation", { name: texts[language].tocLabel }).isVisible()).toBe(true);
        await expectNoAxeViolations(page);

        await page.goto("/privacy");
        await expectDocumentHeader(page, "privacy", language);
        await expectConfiguredPrivacyValues(page, language);
        expect(await page.locator("html").getAttribute("lang")).toBe(language);
        await expectNoAxeViolations(page);
      });
    }

    it(`arrive as HTML that reads without scripts (${language})`, async () => {
      const page = await openPage({ language, javaScript: false });
      await page.goto("/privacy");
      await expectDocumentHeader(page, "privacy", language);
      await expectConfiguredPrivacyValues(page, language);
      expect(await page.locator("html").getAttribute("lang")).toBe(language);
      await page.goto("/terms");
      await expectDocumentHeader(page, "terms", language);
      await expectConfiguredTermsValues(page, language);
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

describe("the accessibility statement", () => {
  for (const language of ["en", "fr"] as const) {
    for (const width of widths) {
      it(`states its target, its tests, its limits and a contact, with no axe violations (${language}, ${width} px)`, async () => {
        const page = await openPage({ language, width });
        const response = await page.goto("/accessibility");
        expect(response?.status()).toBe(200);
        await expectAccessibilityStatement(page, language);
        // The title follows the page's language once the app has taken over the prerendered page, a moment after
        // the words show.
        await expect.poll(() => page.title()).toContain(texts[language].accessibility);
        expect(await page.locator("html").getAttribute("lang")).toBe(language);
        await expectNoAxeViolations(page);
      });
    }

    it(`arrives as HTML that reads without scripts (${language})`, async () => {
      const page = await openPage({ language, javaScript: false });
      const response = await page.goto("/accessibility");
      expect(response?.status()).toBe(200);
      await expectAccessibilityStatement(page, language);
    });
  }

  it("is a page of its own: a path beside it is still not found", async () => {
    const page = await openPage();
    for (const path of ["/accessibilty", "/accessibility/more"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
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
      await legal().getByRole("link", { name: words.accessibilityLink, exact: true }).click();
      await expect.poll(() => pathOf(page)).toBe("/accessibility");
      await expectAccessibilityStatement(page, language);
    });

    it(`lead to the accessibility statement by keyboard alone (${language}, 390 px)`, async () => {
      const words = texts[language];
      const page = await openPage({ language, width: 390 });
      await page.goto("/subscription");
      const link = page
        .getByRole("contentinfo")
        .getByRole("navigation", { name: words.footerLabel })
        .getByRole("link", { name: words.accessibilityLink, exact: true });
      const isFocused = () => link.evaluate((element) => element === document.activeElement);
      // From the top of the page, Tab after Tab, as someone without a mouse gets there.
      for (let presses = 0; presses < 80 && !(await isFocused()); presses += 1) await page.keyboard.press("Tab");
      expect(await isFocused()).toBe(true);
      await page.keyboard.press("Enter");
      await expect.poll(() => pathOf(page)).toBe("/accessibility");
      await expectAccessibilityStatement(page, language);
    });
  }
});
