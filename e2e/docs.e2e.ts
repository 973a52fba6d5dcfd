import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, type Language, useBrowser } from "./support/browser.ts";

const { openPage } = useBrowser();

/** Every docs page in reading order (Previous/Next follow it), with its title in each language. */
const pages = [
  { path: "/document", en: "Overview", fr: "Aperçu", inMenu: true },
  { path: "/document/install-extension", en: "Install Extension", fr: "Installer l’extension", inMenu: true },
  { path: "/document/case-memo", en: "Memo", fr: "Mémo", inMenu: true },
  { path: "/document/case-chat", en: "Case Chat", fr: "Clavardage sur la décision", inMenu: true },
  { path: "/document/precis-search", en: "Precis Search", fr: "Recherche Precis", inMenu: true },
  { path: "/document/search-history", en: "Case Chat History", fr: "Historique des clavardages", inMenu: true },
  { path: "/document/pdf-project", en: "PDF Project", fr: "Projet PDF", inMenu: false },
  { path: "/document/pdf-history", en: "Project History", fr: "Historique des projets", inMenu: false },
  { path: "/document/bulk-question", en: "Bulk Question", fr: "Question en lot", inMenu: false },
  { path: "/document/faq", en: "Frequently Asked Questions", fr: "Foire aux questions", inMenu: true },
] as const;

const titleBar = (page: Page) => page.getByRole("heading", { level: 1 });
const docsMenu = (page: Page) => page.getByRole("navigation", { name: "Documentation" });
const prevNext = (page: Page) =>
  page.getByRole("navigation", { name: /^(Previous and next pages|Pages précédente et suivante)/ });

async function expectOnPage(page: Page, entry: (typeof pages)[number], language: Language) {
  await expect.poll(() => new URL(page.url()).pathname).toBe(entry.path);
  await expect.poll(() => titleBar(page).textContent()).toBe(entry[language]);
  const current = docsMenu(page).locator('[aria-current="page"]');
  if (entry.inMenu) await expect.poll(() => current.textContent()).toBe(entry[language]);
  else expect(await current.count()).toBe(0);
}

describe("documentation site", () => {
  for (const language of ["en", "fr"] as const) {
    // Ten pages, each loaded and checked by axe.
    it(`shows every page with its title, menu selection and no axe violations (${language})`, {
      timeout: 120_000,
    }, async () => {
      const page = await openPage({ language });
      for (const entry of pages) {
        await page.goto(entry.path);
        await expectOnPage(page, entry, language);
        await expectNoAxeViolations(page);
      }
    });
  }

  it("arrives as HTML that reads without scripts, in the browser's language", async () => {
    const page = await openPage({ language: "fr", javaScript: false });
    await page.goto("/document/faq");
    expect(await titleBar(page).textContent()).toBe("Foire aux questions");
    expect(await docsMenu(page).locator('[aria-current="page"]').textContent()).toBe("Foire aux questions");
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
  });

  it("lets the app take the prerendered page over without rebuilding it, and without an error", async () => {
    const page = await openPage({ width: 390 });
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    // Hydration keeps the server's elements; rendering again would replace them.
    await page.addInitScript(() => {
      const removed: string[] = [];
      Object.assign(window, { removedArticles: removed });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof Element && (node.matches(".docs-article") || node.querySelector(".docs-article")))
              removed.push(node.className);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/document/case-memo");
    await page.waitForLoadState("networkidle");
    // The app is running: the phone layout's menu button opens the drawer.
    await page.getByRole("button", { name: "Documentation menu" }).click();
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { removedArticles: string[] }).removedArticles)).toEqual([]);
    expect(problems).toEqual([]);
    // antd names its theme's styles after a React id: the app's must be the server's, or antd adds all
    // of them again under a second name, and the page carries both.
    const themeNames = await page.evaluate(() => [
      ...new Set([
        ...[...document.querySelectorAll("style[data-token-hash]")].map((style) =>
          style.getAttribute("data-token-hash"),
        ),
        ...[...document.querySelectorAll('[class*="css-var-"]')].map(
          (element) => element.className.toString().match(/css-var-\S+/)?.[0],
        ),
      ]),
    ]);
    expect(themeNames).toHaveLength(1);
  });

  it("walks every page with Next and back with Previous, the pages outside the menu included", async () => {
    const page = await openPage();
    await page.goto("/document");
    await expectOnPage(page, pages[0], "en");
    for (const entry of pages.slice(1)) {
      await prevNext(page)
        .getByRole("link", { name: `Next: ${entry.en}` })
        .click();
      await expectOnPage(page, entry, "en");
    }
    expect(
      await prevNext(page)
        .getByRole("link", { name: /^Next:/ })
        .count(),
    ).toBe(0);
    for (const entry of [...pages].reverse().slice(1)) {
      await prevNext(page)
        .getByRole("link", { name: `Previous: ${entry.en}` })
        .click();
      await expectOnPage(page, entry, "en");
    }
    expect(
      await prevNext(page)
        .getByRole("link", { name: /^Previous:/ })
        .count(),
    ).toBe(0);
  });

  it("follows the URL on the back button and on a deep link", async () => {
    const page = await openPage();
    await page.goto("/document/faq");
    await expectOnPage(page, pages[9], "en");
    await docsMenu(page).getByRole("link", { name: "Case Chat", exact: true }).click();
    await expectOnPage(page, pages[3], "en");
    await page.goBack();
    await expectOnPage(page, pages[9], "en");
  });

  it("finds a term that appears on one page only, and says when nothing matches", async () => {
    const page = await openPage();
    await page.goto("/document");
    const search = page.getByRole("searchbox", { name: "Search the documentation" });
    await search.fill("dissenting");
    const results = page.getByRole("list", { name: "Search results" }).getByRole("link");
    await expect.poll(() => results.count()).toBe(1);
    expect(await results.first().textContent()).toMatch(/^Case Chat/);
    await results.first().click();
    await expectOnPage(page, pages[3], "en");

    await search.fill("zzyzxnothing");
    await expect.poll(() => page.getByRole("status").filter({ hasText: "No results" }).count()).toBe(1);
  });

  it("takes feedback on a page, anonymously", async () => {
    const page = await openPage();
    await page.goto("/document/case-memo");
    await page.getByRole("button", { name: "Yes" }).click();
    await page.getByRole("textbox", { name: "What helped you? (optional)" }).fill("Clear steps.");
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith("/api/docs-feedback")),
      page.getByRole("button", { name: "Send feedback" }).click(),
    ]);
    expect(response.status()).toBe(201);
    await expect.poll(() => page.getByText("Thank you for your feedback.").isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  });

  it("answers an unknown docs path with Page not found and a way to the Overview, not to the login box", async () => {
    // Not signed in: home would only ask this reader to log in.
    const page = await openPage();
    expect((await page.goto("/document/no-such-page"))?.status()).toBe(404);
    await expect.poll(() => titleBar(page).textContent()).toBe("Page not found");
    expect(await page.getByRole("link", { name: "Back to home" }).count()).toBe(0);
    await page.getByRole("main").getByRole("link", { name: "Back to the Overview" }).click();
    await expectOnPage(page, pages[0], "en");
    expect(await page.getByRole("heading", { name: "You haven't logged in" }).count()).toBe(0);

    const french = await openPage({ language: "fr" });
    await french.goto("/document/nulle-part");
    await expect.poll(() => titleBar(french).textContent()).toBe("Page introuvable");
    expect(await french.getByRole("link", { name: "Retour à l’aperçu" }).getAttribute("href")).toBe("/document");
    await expectNoAxeViolations(french);
  });

  it("opens search results over the menu, which stays where it was, and closes them on Escape", async () => {
    const page = await openPage();
    await page.goto("/document/case-memo");
    const firstMenuLink = docsMenu(page).getByRole("link", { name: "Overview" });
    const menuBefore = await firstMenuLink.boundingBox();
    const search = page.getByRole("searchbox", { name: "Search the documentation" });
    await search.fill("memo");
    const results = page.getByRole("list", { name: "Search results" });
    await expect.poll(() => results.getByRole("link").count()).toBeGreaterThan(3);
    expect(await firstMenuLink.boundingBox()).toEqual(menuBefore);
    // Over the menu, not beside or below it.
    const resultsBox = await results.boundingBox();
    if (!resultsBox || !menuBefore) throw new Error("the results or the menu are not laid out");
    expect(resultsBox.y).toBeLessThan(menuBefore.y + menuBefore.height);
    expect(
      await page
        .getByRole("status")
        .filter({ hasText: /^Results: \d+$/ })
        .isVisible(),
    ).toBe(true);
    await expectNoAxeViolations(page);

    await search.press("Escape");
    await expect.poll(() => results.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("search");
    // Back in the field, the results show again; Tab walks into them, and past them to the menu.
    await search.fill("dissenting");
    await expect.poll(() => results.getByRole("link").count()).toBe(1);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Case Chat/);
    await page.keyboard.press("Tab");
    await expect.poll(() => results.count()).toBe(0);
  });

  it("keeps the whole sidebar on screen in a short window, its menu scrolling inside it", async () => {
    const page = await openPage();
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.goto("/document/faq");
    // The drawer's panel around the search and the menu: the box that must stay on screen.
    const sidebar = docsMenu(page).locator("xpath=ancestor::div[contains(@class, 'docs-sider')]");
    const lastLink = docsMenu(page).getByRole("link", { name: "Frequently Asked Questions" });
    for (const scrollY of [0, 600]) {
      await page.evaluate((y) => window.scrollTo(0, y), scrollY);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrollY);
      const box = await sidebar.boundingBox();
      if (!box) throw new Error("the sidebar is not laid out");
      // Its bottom edge, border included, stays inside the window.
      expect(box.y + box.height, `scrolled ${scrollY}px`).toBeLessThan(480);
      await lastLink.scrollIntoViewIfNeeded();
      const link = await lastLink.boundingBox();
      expect((link?.y ?? 0) + (link?.height ?? 0)).toBeLessThanOrEqual(box.y + box.height);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    }
  });

  it("offers the menu as a drawer on a phone", async () => {
    const page = await openPage({ width: 375 });
    await page.goto("/document/case-chat");
    await page.getByRole("button", { name: "Documentation menu" }).click();
    const drawer = page.getByRole("dialog");
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await drawer.getByRole("link", { name: "Frequently Asked Questions" }).click();
    await expectOnPage(page, pages[9], "en");
  });
});
