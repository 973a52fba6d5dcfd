import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { signUpInContext } from "./support/accounts.ts";
import { expectNoAxeViolations, useBrowser } from "./support/browser.ts";

const { openPage } = useBrowser();

describe("layout shell and home", () => {
  it("asks a logged-out visitor to log in, with the footer and a Login button", async () => {
    const page = await openPage();
    await page.goto("/");
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "You haven't logged in" }).isVisible())
      .toBe(true);
    expect(await page.getByRole("link", { name: "Login Now" }).getAttribute("href")).toBe("/login");
    expect(await page.getByRole("banner").getByRole("link", { name: "Login" }).isVisible()).toBe(true);
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByText("© 2024 Precis. All rights reserved.").isVisible()).toBe(true);
    for (const heading of ["Newsletter", "Contact", "Tutorials"]) {
      expect(await footer.getByRole("heading", { name: heading }).isVisible()).toBe(true);
    }
    for (const link of [
      "Company website",
      "Precis website",
      "LinkedIn",
      "Social media",
      "Extension store",
      "Video tutorial",
    ]) {
      expect(await footer.getByRole("link", { name: new RegExp(`^${link}`) }).count(), link).toBe(1);
    }
    await expectNoAxeViolations(page);
  });

  it("greets a logged-in user by first name, with the account menu", async () => {
    const page = await openPage();
    await signUpInContext(page.context(), { firstName: "Marie", lastName: "Tremblay" });
    await page.goto("/");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Welcome, Marie!" }).isVisible()).toBe(true);
    expect(await page.getByText("Your session is active.").isVisible()).toBe(true);
    for (const name of [/^Continue with CanLII/, /^Check out PDF Chat/, /^Documentation/]) {
      expect(await page.getByRole("main").getByRole("link", { name }).count()).toBe(1);
    }
    expect(
      await page
        .getByRole("main")
        .getByRole("link", { name: /^Visit the Precis website/ })
        .count(),
    ).toBe(1);
    expect(await page.getByRole("banner").getByRole("link", { name: "Login" }).count()).toBe(0);

    const avatar = page.getByRole("button", { name: "Account menu for Marie Tremblay" });
    expect(await avatar.textContent()).toContain("MT");
    await avatar.click();
    const menu = page.getByRole("menu");
    await expect.poll(() => menu.isVisible()).toBe(true);
    const items = await menu.getByRole("menuitem").allInnerTexts();
    expect(items.map((text) => text.replace(/\(opens in a new tab\)/, "").trim())).toEqual([
      "Documentation",
      "Extension",
      "PDF tool",
      "Profile",
      "Change email",
      "Subscription",
      "Firm",
      "Logout",
    ]);
    await expectNoAxeViolations(page);

    await menu.getByRole("menuitem", { name: "Logout" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    const details = await page.context().request.get("/api/user-details");
    expect(await details.json()).toEqual({ userProfile: null });
  });

  it("styles antd's components from the build's stylesheet, without writing their styles as they render (decision 033)", async () => {
    const page = await openPage();
    // The <style> elements the server's HTML brought: antd may add its theme's CSS variables beside them,
    // never a component's rules (scoped by antd's `:where(.css-…)`).
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        Object.assign(window, { serverStyles: new Set(document.querySelectorAll("style")) });
      });
    });
    await signUpInContext(page.context(), { firstName: "Marie", lastName: "Tremblay" });
    await page.goto("/");
    await page.getByRole("button", { name: "Account menu for Marie Tremblay" }).click();
    const menu = page.getByRole("menu");
    await expect.poll(() => menu.isVisible()).toBe(true);
    // The server's HTML has no menu: its styles can only have come from the stylesheet.
    expect(await menu.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
    expect(await page.locator('head > link[rel="stylesheet"][href^="/assets/antd-"]').count()).toBe(1);
    const componentStylesAdded = await page.evaluate(() => {
      const { serverStyles } = window as unknown as { serverStyles: Set<HTMLStyleElement> };
      return [...document.querySelectorAll("style")]
        .filter((style) => !serverStyles.has(style) && style.textContent?.includes(":where(.css-"))
        .map((style) => style.textContent?.slice(0, 120));
    });
    expect(componentStylesAdded).toEqual([]);
  });

  it("greets the visitor by name, as text, with their initials in the account menu", async () => {
    const page = await openPage({ language: "fr" });
    await signUpInContext(page.context(), { firstName: "Zoé <b>", lastName: "Tremblay" });
    await page.goto("/");
    const heading = page.getByRole("heading", { level: 1, name: "Bienvenue, Zoé <b>\u202f!" });
    await expect.poll(() => heading.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Menu du compte de Zoé <b> Tremblay" }).innerText()).toBe("ZT");
    await expectNoAxeViolations(page);
  });

  it.each(["en", "fr"] as const)(
    "greets a compound name as typed, corrected only for its slip, on one line on a phone (%s)",
    async (language) => {
      const page = await openPage({ language, width: 390 });
      await signUpInContext(page.context(), { firstName: "jean-pierre", lastName: "de Grandpré" });
      await page.goto("/");
      const greeting = language === "en" ? "Welcome, Jean\u2011Pierre!" : "Bienvenue, Jean\u2011Pierre\u202f!";
      const heading = page.getByRole("heading", { level: 1 });
      await expect.poll(() => heading.textContent()).toBe(greeting);
      // The name is one unbreakable word: all of it sits on one line of the heading.
      const nameRects = await heading.evaluate((element) => {
        const text = element.firstChild?.textContent ?? "";
        const start = text.indexOf("Jean");
        const range = document.createRange();
        range.setStart(element.firstChild as Node, start);
        range.setEnd(element.firstChild as Node, start + "Jean\u2011Pierre".length);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(nameRects).toBe(1);
      await expectNoAxeViolations(page);
    },
  );

  it("falls back to the username when there is no first name, and to its letters for initials", async () => {
    const page = await openPage();
    await signUpInContext(page.context(), { name: "jdoe" });
    await page.goto("/");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Welcome, jdoe!" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: /^Account menu for jdoe/ }).textContent()).toContain("JD");
  });

  it.each([
    // (French's "!" may come after a narrow no-break space.)
    ["en", /^Welcome, Ada!$/, "Account menu for Ada Lovelace"],
    ["fr", /^Bienvenue, Ada\s?!$/, "Menu du compte de Ada Lovelace"],
  ] as const)(
    "names the account menu as the page greets, not as typed in lower case (%s)",
    async (language, greeting, menuName) => {
      const page = await openPage({ language });
      await signUpInContext(page.context(), { firstName: "ada", lastName: "lovelace" });
      await page.goto("/");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(greeting);
      await expect.poll(() => page.getByRole("button", { name: menuName, exact: true }).count()).toBe(1);
      expect(await page.getByRole("button", { name: /ada lovelace/ }).count()).toBe(0);
      await expectNoAxeViolations(page);
    },
  );

  it.each([
    ["en", "You haven't logged in", "Login Now"],
    ["fr", "Vous n’avez pas ouvert de session", "Se connecter maintenant"],
  ] as const)(
    "shows SPEC's not-logged-in box with Login Now when the profile fails to load (%s)",
    async (language, title, action) => {
      const page = await openPage({ language });
      await signUpInContext(page.context(), { firstName: "Marie" });
      await page.route("**/api/user-details", (route) => route.fulfill({ status: 500, body: "" }));
      await page.goto("/profile");
      // After the query's retries of a 5xx.
      await expect
        .poll(() => page.getByRole("heading", { level: 1, name: title }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      expect(await page.getByRole("link", { name: action }).getAttribute("href")).toBe("/login");
      expect(await page.getByText(/could not be loaded|n’a pas pu être chargé/).count()).toBe(0);
      await expectNoAxeViolations(page);
    },
  );

  it("shows Page not found with a link home for any unknown path, even deep ones", async () => {
    const page = await openPage();
    const response = await page.goto("/no/such/page?x=1");
    // The same page, with the status that tells link checkers and search engines there is nothing here.
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Page not found" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    expect(await page.title()).toBe("Page not found · Precis");
    await expectNoAxeViolations(page);
  });

  it("switches to French, remembers it across a reload, and stays accessible", async () => {
    const page = await openPage();
    await page.goto("/");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    // The radio input is invisible over its label; people click the label.
    await page.getByRole("radiogroup", { name: "Language" }).locator("label", { hasText: "FR" }).click();
    // The switch turns once the French texts have loaded (one small chunk per namespace).
    await expect.poll(() => page.getByRole("radio", { name: "Français" }).isChecked()).toBe(true);
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Vous n’avez pas ouvert de session" }).isVisible())
      .toBe(true);
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    await page.reload();
    await expect.poll(() => page.getByRole("link", { name: "Se connecter maintenant" }).isVisible()).toBe(true);
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    await expectNoAxeViolations(page);

    await page.goto("/nulle/part");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Page introuvable");
    await expectNoAxeViolations(page);
  });

  it("starts keyboard users at a skip link to the main content", async () => {
    const page = await openPage();
    await page.goto("/no/such/page");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    expect(focused).toBe("Skip to main content");
    await page.keyboard.press("Enter");
    expect(
      await page.evaluate(() => document.activeElement?.closest("main") !== null || document.activeElement?.tagName),
    ).toBe(true);
  });
});

/** Every signed-in page of the shell, each with the h1 it opens on. */
const SIGNED_IN_PAGES = [
  ["/", "Welcome, Marie!"],
  ["/greet", "Redirecting to CanLII"],
  ["/profile/UserSettings", "Profile"],
  ["/profile/PrecisSettings", "Profile"],
  ["/subscription", "Subscription"],
  ["/change-email", "Change Email"],
  ["/verify-email", "Verify your email address"],
] as const;

/** Short messages in a card centred like the login and registration cards (issue 43), not pages of their own. */
const CENTRED_PAGES = new Set<string>(["/greet", "/change-email"]);

/**
 * Where a page's content visibly starts: the left edge of the outermost card (a box with a background or a
 * border) around its h1, or of the h1 itself when it stands on the page's background.
 */
function contentEdges(heading: Element): {
  left: number;
  right: number;
  containerLeft: number;
  containerRight: number;
} {
  let rect = heading.getBoundingClientRect();
  for (let box = heading.parentElement; box && box.tagName !== "MAIN"; box = box.parentElement) {
    const style = getComputedStyle(box);
    const isPainted = style.backgroundColor !== "rgba(0, 0, 0, 0)" || Number.parseFloat(style.borderLeftWidth) > 0;
    if (isPainted) rect = box.getBoundingClientRect();
  }
  const container = heading.closest(".page-container")?.getBoundingClientRect() ?? rect;
  return { left: rect.left, right: rect.right, containerLeft: container.left, containerRight: container.right };
}

describe("page layout", () => {
  for (const width of [1280, 390]) {
    it(`starts every signed-in page at the navbar logo's edge, and centres the short cards, at ${width} px`, async () => {
      const page = await openPage({ width });
      await signUpInContext(page.context(), { firstName: "Marie", lastName: "Tremblay" });
      const edges: Record<string, Awaited<ReturnType<typeof contentEdges>>> = {};
      let logoEdge = Number.NaN;
      for (const [path, title] of SIGNED_IN_PAGES) {
        await page.goto(path);
        const heading = page.getByRole("main").getByRole("heading", { level: 1, name: title });
        // /greet counts down for about 4 s before it leaves: measured as soon as it shows.
        await heading.waitFor();
        edges[path] = await heading.evaluate(contentEdges);
        const logo = await page.getByRole("banner").getByRole("link", { name: "Precis" }).boundingBox();
        logoEdge = Math.round(logo?.x ?? Number.NaN);
      }
      // At 1280 px the navbar's content is centred (1200 px wide); at 390 px it has the shell's 16 px gutter.
      expect(logoEdge).toBe(width === 1280 ? 40 : 16);
      for (const [path, edge] of Object.entries(edges)) {
        if (CENTRED_PAGES.has(path)) {
          // As much room on either side of the card, within the page's container.
          const [before, after] = [edge.left - edge.containerLeft, edge.containerRight - edge.right];
          expect(Math.abs(before - after), path).toBeLessThanOrEqual(1);
          if (width === 1280) expect(before, path).toBeGreaterThan(100);
        } else {
          expect(Math.abs(Math.round(edge.left) - logoEdge), path).toBeLessThanOrEqual(1);
        }
      }
    });
  }
});

describe("preload hints", () => {
  // Loaded on demand, after the first screen: the account menu once the profile arrives (with the
  // chunks it imports), the profile page's memo settings tab once the browser is idle, and Firebase
  // on a click.
  const manifest = JSON.parse(
    readFileSync(new URL("../apps/web/dist/.vite/manifest.json", import.meta.url), "utf8"),
  ) as Record<string, { file: string; imports?: string[] }>;
  const closureOf = (key: string, files = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return files;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) closureOf(imported, files);
    return files;
  };
  const accountMenu = closureOf("src/app/layout/account-menu.tsx");
  const profileFirstScreen = new Set([...closureOf("index.html"), ...closureOf("src/app/routes/profile-page.tsx")]);
  const memoSettingsTab = new Set(
    [...closureOf("src/features/profile/components/memo-settings.tsx")].filter((file) => !profileFirstScreen.has(file)),
  );
  const isOnDemand = (file: string, route: string) =>
    accountMenu.has(file) ||
    (route === "/profile" && memoSettingsTab.has(file)) ||
    /\/(firebase|index\.esm)-/.test(file);

  const moduleScriptsNamedIn = (html: string) =>
    new Set(
      [
        ...html.matchAll(
          /<(?:script type="module"(?: fetchpriority="low")? crossorigin src|link rel="modulepreload"(?: fetchpriority="low")? crossorigin href)="([^"]+)"/g,
        ),
      ].map((match) => match[1]),
    );

  it("names in /profile's HTML every script its first screen runs", async () => {
    const page = await openPage({ language: "fr" });
    await signUpInContext(page.context());
    const requested = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "script") requested.add(new URL(request.url()).pathname);
    });
    const response = await page.goto("/profile", { waitUntil: "networkidle" });
    const hinted = moduleScriptsNamedIn((await response?.text()) ?? "");
    // The route's own chunks are hinted, not only the entry's (so this test is not vacuous)…
    expect(hinted.size).toBeGreaterThan(10);
    // …and nothing the page ran was discovered late. In French, no English text is fetched either.
    expect(accountMenu.size).toBeGreaterThan(0);
    expect(memoSettingsTab.size).toBeGreaterThan(0);
    expect([...requested].filter((file) => !hinted.has(file) && !isOnDemand(file, "/profile"))).toEqual([]);
  });

  it.each(["/login", "/document/faq"])(
    "names only the entry in prerendered %s's HTML, which still comes alive",
    async (route) => {
      const page = await openPage({ language: "fr" });
      const requested = new Set<string>();
      page.on("request", (request) => {
        if (request.resourceType() === "script") requested.add(new URL(request.url()).pathname);
      });
      const response = await page.goto(route, { waitUntil: "networkidle" });
      const html = (await response?.text()) ?? "";
      // The HTML is the first paint; the scripts only make it interactive, found by the entry (decision 033).
      expect(html).toContain("data-prerendered-lang");
      expect([...moduleScriptsNamedIn(html)]).toEqual([expect.stringMatching(/^\/assets\/index-/)]);
      await expect.poll(() => page.locator("#root[data-prerendered-lang]").count()).toBe(0);
      expect(requested.size).toBeGreaterThan(5);
    },
  );
});
