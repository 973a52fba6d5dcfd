import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, onTestFailed } from "vitest";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const failureDir = path.join(repoRoot, "test-results");

/** Flags that keep Chromium off the closed network of this machine (see docs/design.md). */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // No test may reach the internet: every host name but this machine's fails to resolve, in Chromium itself. A
  // Playwright route that aborted the rest (`context.route("**/*")`) put every request of every page through this
  // process and back: the browser's own process then spent about as much CPU as the pages did.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
];

export type Language = "en" | "fr";

/** Google's iframe helper script, which the Firebase sign-in popup needs: a local stand-in answers for it. */
const GAPI_SCRIPT_URL = "https://apis.google.com/js/api.js";
const gapiStandIn = readFileSync(new URL("./gapi-stand-in.js", import.meta.url), "utf8");

/**
 * One Chromium per test file. Each test opens its own context (fresh cookies and storage) in the
 * language it asks for; a failing test leaves a full-page screenshot in test-results/.
 * `signInPopups`: the file signs in through Google's or Microsoft's popup, whose helper script a local stand-in
 * serves (gapi-stand-in.js). Only there, since a route puts every request of the context through this process.
 */
export function useBrowser({ signInPopups = false }: { signInPopups?: boolean } = {}) {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const baseUrl = inject("baseUrl");

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      headless: true,
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** `baseUrl`: another server's address than the suite's (e2e/support/app-server.ts). */
  async function openPage(
    options: { language?: Language; width?: number; javaScript?: boolean; baseUrl?: string; motion?: "full" } = {},
  ): Promise<Page> {
    const language = options.language ?? "en";
    const javaScript = options.javaScript ?? true;
    const context = await browser.newContext({
      baseURL: options.baseUrl ?? baseUrl,
      // As someone who asked for less motion: dialogs open and close at once (global.css). A click made while
      // a dialog still zoomed in could land beside its moving button, on the mask, and close it: on a busy
      // machine that lost a click now and then. `motion: "full"` keeps the animations, for the tests of what
      // happens while a dialog is still closing.
      reducedMotion: options.motion === "full" ? "no-preference" : "reduce",
      javaScriptEnabled: javaScript,
      locale: language === "fr" ? "fr-CA" : "en-CA",
      viewport: { width: options.width ?? 1280, height: 900 },
    });
    // A choice kept here (where the app kept it before the server read a cookie) is taken once and written to the
    // cookie: seeding it starts each test in its language, and the context's locale makes the server's first answer
    // that language too (decision 047). Only once, so a choice made during the test survives reloads.
    await context.addInitScript((lang) => {
      if (!window.localStorage.getItem("precis.lang")) window.localStorage.setItem("precis.lang", lang);
    }, language);
    if (signInPopups) {
      await context.route(
        (url) => `${url.origin}${url.pathname}` === GAPI_SCRIPT_URL,
        (route) => route.fulfill({ contentType: "text/javascript", body: gapiStandIn }),
      );
    }
    contexts.push(context);
    const page = await context.newPage();
    if (javaScript) waitForAppStartAfterLoads(page);
    pressOnlySettledForms(page);
    // Every page of a failed test, numbered in the order the test opened them: a test that signs in on a second
    // page (the login after turning a factor on) fails there, and one file name for both kept only the first.
    const pageNumber = contexts.length;
    onTestFailed(async ({ task }) => {
      await mkdir(failureDir, { recursive: true });
      const name = task.name.replace(/[^\w-]+/g, "-").slice(0, 80);
      await page
        .screenshot({ path: path.join(failureDir, `${name}-page-${pageNumber}.png`), fullPage: true })
        .catch(() => {});
    });
    return page;
  }

  return { openPage, baseUrl };
}

/**
 * A prerendered page (the documentation, login, registration) shows its controls before the app has
 * started, and a click then does nothing. Users rarely click that fast; tests always do: every navigation
 * that loads a page waits for the app to take over the server's HTML (main.tsx removes the marker) and
 * for its forms and groups of buttons, disabled and busy until then, to be enabled. The marker alone is
 * not enough: the page below the shell's Suspense boundary hydrates after the shell, and a click on it
 * in between was lost (the documentation's feedback buttons, once in a CI run).
 */
function waitForAppStartAfterLoads(page: Page) {
  const waitForAppStart = () =>
    page.waitForFunction(
      () =>
        !document.querySelector(
          '#root[data-prerendered-lang], #root form[aria-busy="true"], #root [role="group"][aria-busy="true"]',
        ),
    );
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["goto"]>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await waitForAppStart();
        return response;
      },
    });
  }
}

/**
 * A press is lost when its button moves between the mouse going down and coming up: Chromium sends the click to
 * what both were over, the form, not the button. Playwright checks that the button is still and under the pointer
 * before it presses, and checks the target of its first event only. antd moves buttons a few frames after a change:
 * a field re-checked after typing drops its error after a debounce, and the message then collapses in rc-motion's
 * steps, one animation frame each, even for someone who asked for less motion; a dialog or a menu zooms or slides
 * in the same way. Measured on the authenticator app's form, a press right after `fill` went down 40 to 60 ms
 * before the button moved up 28 px. Under CI's load that move fell between down and up now and then, and nothing
 * was sent (in the second-factor, passkey and memo-preset tests).
 *
 * So every `click` and `check` first waits until nothing on the page is being re-checked, no message, dialog or
 * menu is coming or going, and no error is waiting to be dropped, for three animation frames in a row: the same
 * press then went down 80 ms or more after the last move. A person never presses that fast after typing.
 */
const PRESSES_THAT_WAIT = ["click", "check"] as const;
const WAITS_FOR_SETTLED_FORMS = Symbol.for("precis.e2e.waitsForSettledForms");

function pressOnlySettledForms(page: Page) {
  const locatorPrototype = Object.getPrototypeOf(page.locator("body"));
  if (locatorPrototype[WAITS_FOR_SETTLED_FORMS]) return;
  locatorPrototype[WAITS_FOR_SETTLED_FORMS] = true;
  for (const method of PRESSES_THAT_WAIT) {
    const press = locatorPrototype[method] as (...args: unknown[]) => Promise<void>;
    locatorPrototype[method] = async function (this: Locator, ...args: unknown[]) {
      await untilFormsSettle(this);
      return press.apply(this, args);
    };
  }
}

/** Waits (in the page, at most 5 s) until the page's forms have stood still for three animation frames. */
async function untilFormsSettle(locator: Locator): Promise<void> {
  await locator
    .page()
    .evaluate(async () => {
      const unsettled = [
        ".ant-form-item-is-validating",
        // rc-motion's classes while a message, a dialog or a menu comes or goes (the selector of global.css).
        '[class*="ant-"][class*="-enter"]',
        '[class*="ant-"][class*="-appear"]',
        '[class*="ant-"][class*="-leave"]',
        // An error still shown on a field that is no longer in error: antd drops it after its debounce.
        ".ant-form-item:not(.ant-form-item-has-error):not(.ant-form-item-has-warning) .ant-form-item-explain-error",
      ].join(", ");
      const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const deadline = performance.now() + 5_000;
      for (let stillFrames = 0; stillFrames < 3 && performance.now() < deadline; ) {
        await nextFrame();
        stillFrames = document.querySelector(unsettled) ? 0 : stillFrames + 1;
      }
    })
    // A page that navigates meanwhile has no forms left to wait for.
    .catch(() => undefined);
}

/** Zero WCAG 2.1 A/AA violations, reported with enough detail to fix them. */
export async function expectNoAxeViolations(page: Page) {
  // Judge the settled screen: a button still fading from disabled to primary (antd animates its
  // colours for 0.2 s) would otherwise be measured at a half-way contrast. Finite animations and
  // transitions are left to finish (switching them off would strand antd's popups, which wait for
  // their end events); endless ones, such as spinners, are not waited for.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

/** For `expect.poll`: whether the locator's element is on screen now. */
export const isVisible = (locator: Locator) => () => locator.isVisible();

/** For `expect.poll`: whether the locator's element has keyboard focus now. */
export const isFocused = (locator: Locator) => () => locator.evaluate((element) => element === document.activeElement);

/** The path the page is at, without its origin or query. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;
