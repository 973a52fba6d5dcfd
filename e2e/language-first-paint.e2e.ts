import { LANGUAGE_COOKIE_NAME } from "@precis/contract/boot";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";

/**
 * French from the first byte (decision 047): a reader who chose French on an English browser, or whose browser
 * asks for French and who chose nothing, gets /login, /document and /terms in French in the server's HTML, so the
 * first paint is French and no English heading ever shows while the app starts.
 */
const { openPage, baseUrl } = useBrowser();

const headings = {
  "/login": { en: "User Login", fr: "Connexion" },
  "/document": { en: "Overview", fr: "Aperçu" },
  "/terms": { en: "Terms of Service", fr: "Conditions d’utilisation" },
} as const;
const paths = Object.keys(headings) as (keyof typeof headings)[];

type Reader = "chose French on an English browser" | "has a French browser and chose nothing";
const readers: Reader[] = ["chose French on an English browser", "has a French browser and chose nothing"];

/** A browser as `reader`'s: English with the language cookie set to French, or French with no choice kept. */
async function openReaderPage(reader: Reader, options: { javaScript?: boolean } = {}) {
  const page = await openPage({ language: reader === "chose French on an English browser" ? "en" : "fr", ...options });
  if (reader === "chose French on an English browser") {
    await page.context().addCookies([{ name: LANGUAGE_COOKIE_NAME, value: "fr", url: baseUrl }]);
  } else {
    // The suite's browsers start with their language kept in storage, as a switch once kept it: this reader has none.
    await page.context().addInitScript(() => window.localStorage.removeItem("precis.lang"));
  }
  return page;
}

/**
 * Records, from before the HTML is parsed, every level-1 heading's text and every value of <html lang> the page
 * ever has, so a heading shown for a moment and replaced is seen too.
 */
async function recordEverything(page: Page) {
  await page.context().addInitScript(() => {
    const seen = { headings: [] as string[], languages: [] as string[] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    const look = () => {
      seen.languages.push(document.documentElement.lang);
      for (const heading of document.querySelectorAll("h1")) seen.headings.push(heading.textContent ?? "");
    };
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["lang"],
    });
  });
  return () => page.evaluate(() => (window as unknown as { seen: { headings: string[]; languages: string[] } }).seen);
}

describe("the first paint is in the reader's language", () => {
  for (const reader of readers) {
    it(`sends French HTML, read without scripts, to a reader who ${reader}`, async () => {
      const page = await openReaderPage(reader, { javaScript: false });
      for (const path of paths) {
        const response = await page.goto(path);
        const html = (await response?.text()) ?? "";
        expect(html, path).toContain('<html lang="fr">');
        expect(html, path).toContain(`hreflang="fr" href=`);
        expect(await page.getByRole("heading", { level: 1 }).textContent(), path).toBe(headings[path].fr);
        expect(html, path).not.toContain(`>${headings[path].en}<`);
        // The switch says FR from the start, not EN until the app starts.
        expect(await page.getByRole("radio", { name: "Français" }).isChecked(), path).toBe(true);
      }
    });

    it(`never shows an English heading to a reader who ${reader}, while the app starts`, async () => {
      const page = await openReaderPage(reader);
      const seen = await recordEverything(page);
      for (const path of paths) {
        // (goto waits for the app to have taken the server's HTML over.)
        await page.goto(path);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(headings[path].fr);
        const { headings: shown, languages } = await seen();
        expect(shown.length, path).toBeGreaterThan(0);
        expect(
          shown.filter((text) => text !== headings[path].fr),
          path,
        ).toEqual([]);
        expect(new Set(languages), path).toEqual(new Set(["fr"]));
      }
      // Only a switch keeps a language: what the browser asked for is not stored as a choice.
      const cookies = await page.context().cookies();
      const kept = cookies.find((cookie) => cookie.name === LANGUAGE_COOKIE_NAME)?.value;
      expect(kept).toBe(reader === "chose French on an English browser" ? "fr" : undefined);
    });
  }

  it("keeps a switch in the cookie the server reads, for the whole site", async () => {
    const page = await openPage({ language: "en" });
    await page.goto("/login");
    await page.getByRole("radiogroup", { name: "Language" }).locator("label", { hasText: "FR" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(headings["/login"].fr);
    const cookie = (await page.context().cookies()).find((item) => item.name === LANGUAGE_COOKIE_NAME);
    expect(cookie).toMatchObject({ value: "fr", path: "/", sameSite: "Lax" });
    // A year, give or take the test's own seconds.
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    for (const path of ["/terms", "/document"] as const) {
      const response = await page.goto(path);
      expect(await response?.text(), path).toContain('<html lang="fr">');
    }
  });

  it("follows a link that names its language, and keeps it as the choice", async () => {
    const page = await openPage({ language: "en" });
    const response = await page.goto("/document?lang=fr");
    expect(await response?.text()).toContain('<html lang="fr">');
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(headings["/document"].fr);
    const next = await page.goto("/login");
    expect(await next?.text()).toContain('<html lang="fr">');
  });
});
