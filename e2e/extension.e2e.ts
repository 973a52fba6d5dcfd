import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultMemoOptionSet } from "@precis/contract/memo-options";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { extensionIdFromPublicKey } from "../apps/extension/scripts/extension-id.ts";
import { findFreePort } from "../apps/server/test/free-ports.ts";
import { startSmtpServer } from "../apps/server/test/smtp.ts";
import { TEST_PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { expectNoAxeViolations, failureDir, type Language } from "./support/browser.ts";
import { keepFirmScreen } from "./support/firm-screens.ts";
import { apiCallerOf } from "./support/sessions.ts";

/*
 * Issue 30: the reference extension, loaded unpacked in Debian's Chromium, gets its own session from the portal
 * on SPEC's path (a case-law page → /login?ref → /greet → back), shows the account in its popup, reports a memo,
 * and is signed out when the person logs out of the portal. Everything runs on this machine: the portal server with
 * EXTENSION_IDS naming the extension, a stand-in for CanLII, and a mail server for the account's verification.
 */

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const extensionDir = path.join(repoRoot, "apps/extension/dist");
/** The stand-in for CanLII, on a loopback address the extension does not list: Chrome gives its pages no way in. */
const CASE_LAW_HOST = "127.0.0.2";
const PRESET_NAME = "Client letter";
const OTHER_PRESET_NAME = "For my principal";

let portalUrl: string;
let caseLawUrl: string;
let expectedExtensionId: string;
let portal: AppServer;
let caseLawSite: Server;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  if (!existsSync(path.join(extensionDir, "manifest.json"))) {
    throw new Error("The extension is not built: run `npm run build` first (npm test does it for you).");
  }
  const manifest = JSON.parse(readFileSync(path.join(extensionDir, "manifest.json"), "utf8")) as { key: string };
  expectedExtensionId = extensionIdFromPublicKey(manifest.key);

  const caseLawPort = await findFreePort();
  caseLawUrl = `http://${CASE_LAW_HOST}:${caseLawPort}/en/`;
  const portalPort = await findFreePort();
  portalUrl = `http://127.0.0.1:${portalPort}`;
  caseLawSite = createServer((_request, response) => {
    // The case-law site's own sign-in link, as the real extension's pages would offer it.
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="en"><head><title>CanLII (stand-in)</title></head><body><main>` +
        `<h1>CanLII stand-in</h1><a href="${portalUrl}/login?ref=canlii">Sign in to Precis</a></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => caseLawSite.listen(caseLawPort, CASE_LAW_HOST, resolve));

  smtp = await startSmtpServer(0);
  portal = await startAppServer({
    port: portalPort,
    publicUrl: portalUrl,
    env: { SMTP_URL: smtp.url, EXTENSION_IDS: expectedExtensionId, CASE_LAW_SITE_URL: caseLawUrl },
  });
});

afterAll(async () => {
  await portal?.stop();
  await new Promise((resolve) => caseLawSite?.close(resolve));
  await smtp?.close();
});

/**
 * A verified account, seeded through the API, whose selected memo preset has a name of its own: the popup must show
 * the account's choice, not the default.
 */
async function createAccount() {
  const email = uniqueEmail("extension");
  const xhr = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
  const registered = await fetch(`${portalUrl}/api/register`, {
    method: "POST",
    headers: xhr,
    body: JSON.stringify({ email, password: TEST_PASSWORD, role: "lawyer", firstName: "Ada" }),
  });
  expect(registered.status).toBe(200);
  const session = {
    cookie: registered.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; "),
    "x-access-key": registered.headers.get("x-access-key") ?? "",
  };
  const callApi = async (method: string, url: string, body: object) => {
    const response = await fetch(`${portalUrl}${url}`, {
      method,
      headers: { ...xhr, ...session },
      body: JSON.stringify(body),
    });
    expect(response.status, `${method} ${url}`).toBe(200);
    return (await response.json()) as { updatedOptionId: number };
  };
  // Two presets, and the first one chosen: the popup must show the selected preset, not merely the newest.
  const { updatedOptionId } = await callApi("PUT", "/api/user-options", { ...defaultMemoOptionSet, name: PRESET_NAME });
  await callApi("POST", "/api/user-options", { name: OTHER_PRESET_NAME });
  await callApi("PUT", "/api/user-options/selected", { id: updatedOptionId });
  const token = await readVerificationLinkToken(email);
  const verified = await fetch(`${portalUrl}/api/verify-email`, {
    method: "POST",
    headers: xhr,
    body: JSON.stringify({ token }),
  });
  expect(verified.status).toBe(200);
  return email;
}

/** The outbox delivers within seconds; a loaded machine has taken longer than 15 s. */
async function readVerificationCode(email: string) {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    // The welcome email goes to the same address and may be delivered after the code's: look at each of them.
    const code = smtp.inbox
      .filter((received) => received.to === email)
      .map((received) => /^([A-HJ-NP-Z2-9]{6,})$/m.exec(received.text)?.[1])
      .findLast(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification email to ${email}`);
}

/** The token of the emailed verification link, as a logged-out browser follows it. */
async function readVerificationLinkToken(email: string) {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const token = smtp.inbox
      .filter((received) => received.to === email)
      .map((received) => /\/verify-email\?token=([\w-]+)/.exec(received.text)?.[1])
      .findLast(Boolean);
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification email to ${email}`);
}

/**
 * Chromium with the unpacked extension, as docs/design.md checked it: a persistent profile is the only way to load one.
 * chrome.i18n follows the browser's own interface language, which Chromium on Linux takes from the environment
 * (LANGUAGE) rather than from Playwright's locale, which only sets the pages' navigator.language and Accept-Language.
 */
async function launchWithExtension(language: Language = "en") {
  const profileDir = await mkdtemp(path.join(tmpdir(), "precis-e2e-chromium-"));
  const locale = language === "fr" ? "fr-CA" : "en-CA";
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    headless: true,
    locale,
    env: { ...process.env, LANGUAGE: locale.replace("-", "_"), LANG: `${locale.replace("-", "_")}.UTF-8` },
    args: [
      `--lang=${locale}`,
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
  });
  // No test may reach the internet: only this machine's addresses (and the extension's own pages) load.
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    const isLocal =
      url.protocol === "chrome-extension:" || url.hostname === "localhost" || url.hostname.startsWith("127.");
    return isLocal ? route.fallback() : route.abort();
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  return {
    context,
    worker,
    extensionId: new URL(worker.url()).host,
    close: async () => {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/** Where a slow run spent its time, in the test's output. */
function stepLogger() {
  const start = Date.now();
  return (step: string) => console.log(`[extension e2e] ${((Date.now() - start) / 1000).toFixed(1)} s: ${step}`);
}

function keepScreenshotOnFailure(pages: () => Page[]) {
  onTestFailed(async ({ task }) => {
    await mkdir(failureDir, { recursive: true });
    const name = task.name.replace(/[^\w-]+/g, "-").slice(0, 70);
    for (const [index, page] of pages().entries()) {
      await page.screenshot({ path: path.join(failureDir, `${name}-${index}.png`), fullPage: true }).catch(() => {});
    }
  });
}

/**
 * Opens a portal page and waits for the app to take over the server's prerendered HTML, as support/browser.ts does
 * for the suite's pages: a click on a prerendered control before then (the account menu) does nothing.
 */
async function openPortalPage(page: Page, pathname: string) {
  await page.goto(`${portalUrl}${pathname}`);
  await waitForAppStart(page);
}

function waitForAppStart(page: Page) {
  return page.waitForFunction(
    () =>
      !document.querySelector(
        '#root[data-prerendered-lang], #root form[aria-busy="true"], #root [role="group"][aria-busy="true"]',
      ),
  );
}

async function logOutOfPortal(page: Page) {
  await openPortalPage(page, "/");
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL(`${portalUrl}/login`);
}

async function openPopup(context: BrowserContext, extensionId: string) {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.locator('main[aria-busy="false"]').waitFor();
  return popup;
}

describe("the extension connection", () => {
  let browser: Awaited<ReturnType<typeof launchWithExtension>>;
  beforeAll(async () => {
    browser = await launchWithExtension();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("has the id the manifest's key gives it, the one EXTENSION_IDS names", () => {
    expect(browser.extensionId).toBe(expectedExtensionId);
    expect(browser.extensionId).toBe("efclejhngkhcfkboflofmmklblpdnmpo");
  });

  it("signs the extension in on SPEC's path from the case-law site, and out with the portal", async () => {
    const { context, extensionId } = browser;
    const step = stepLogger();
    const email = await createAccount();
    step("account created");
    const page = await context.newPage();
    let popup: Page | undefined;
    keepScreenshotOnFailure(() => [page, ...(popup ? [popup] : [])]);

    // Signed out at first.
    popup = await openPopup(context, extensionId);
    await expect.poll(() => popup?.getByRole("heading", { name: "Not signed in" }).isVisible()).toBe(true);

    await page.goto(caseLawUrl);
    // A page the extension does not list cannot even address it: Chrome gives it no chrome.runtime.
    expect(await page.evaluate(() => typeof (globalThis as { chrome?: { runtime?: object } }).chrome?.runtime)).toBe(
      "undefined",
    );
    await page.getByRole("link", { name: "Sign in to Precis" }).click();
    await page.waitForURL(`${portalUrl}/login?ref=canlii`);
    await waitForAppStart(page);
    step("on /login from the case-law site");
    // The countdown's way back to the case-law site is answered 204 No Content while /greet is checked: the
    // browser then stays on the page (a held navigation would leave axe waiting on it), and the address is recorded.
    const redirects: string[] = [];
    await context.route(`${caseLawUrl}**`, (route) => {
      redirects.push(route.request().url());
      return route.fulfill({ status: 204 });
    });
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(`${portalUrl}/greet`);
    step("on /greet");
    const status = page.getByRole("status").filter({ hasText: "Precis extension signed in" });
    await expect.poll(() => status.isVisible()).toBe(true);
    const keep = page.getByRole("checkbox", { name: "Keep the extension signed in when I log out of the portal" });
    expect(await keep.isChecked()).toBe(false);
    step("extension signed in");
    // The extension's first sign-in in this browser: the page waits for the answer instead of leaving under it.
    const continueButton = page.getByRole("button", { name: "Continue to CanLII" });
    await expect.poll(() => continueButton.isVisible()).toBe(true);
    expect(redirects).toEqual([]);
    await continueButton.click();
    // Checked once the page has gone on: the countdown's steps animate the ring anew.
    await expect.poll(() => redirects).toContain(caseLawUrl);
    expect(await page.evaluate(() => window.localStorage.getItem("precis.keepExtensionSignedIn"))).toBe("false");
    expect(await status.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await context.unroute(`${caseLawUrl}**`);
    await page.getByRole("link", { name: "click here" }).click();
    await page.waitForURL(caseLawUrl);
    step("back on the case-law site");

    // The popup shows the account, its entitlement and its selected preset, read with the extension's own session.
    await popup.reload();
    await popup.locator('main[aria-busy="false"]').waitFor();
    const account = popup.getByRole("main");
    await expect.poll(() => account.textContent()).toContain(email);
    const text = await account.textContent();
    expect(text).toContain("Free trial");
    expect(text).toContain(PRESET_NAME);
    expect(text).not.toContain(OTHER_PRESET_NAME);
    // No firm, so no client-matter field (issue 44).
    expect(await popup.getByRole("combobox").count()).toBe(0);
    // "Memos this month" and its count, whatever the plan's limit (a trial has none).
    const memosUsed = async () => Number(/Memos this month(\d+)/.exec((await account.textContent()) ?? "")?.[1]);
    expect(await memosUsed()).toBe(0);
    await expectNoAxeViolations(popup);

    step("popup shows the account");
    await popup.getByRole("button", { name: "Report a memo" }).click();
    await expect.poll(() => popup?.getByRole("status").textContent()).toBe("Memo counted.");
    expect(await memosUsed()).toBe(1);
    // Counted on the server, not only on the screen.
    await popup.reload();
    await popup.locator('main[aria-busy="false"]').waitFor();
    expect(await memosUsed()).toBe(1);
    step("memo counted");
    // Logging out of the portal ends the extension's session too.
    await logOutOfPortal(page);
    step("logged out of the portal");
    await popup.reload();
    await expect.poll(() => popup?.getByRole("heading", { name: "Not signed in" }).isVisible()).toBe(true);
  }, 180_000);

  it("ignores a message from a listed page that is not a valid handoff", async () => {
    const { context, extensionId } = browser;
    const page = await context.newPage();
    keepScreenshotOnFailure(() => [page]);
    await openPortalPage(page, "/login");
    const send = (message: unknown) =>
      page.evaluate(
        ([id, sent]) =>
          new Promise((resolve) => {
            const runtime = (
              globalThis as unknown as {
                chrome: {
                  runtime: {
                    sendMessage: (id: string, message: unknown, callback: (reply: unknown) => void) => void;
                    lastError?: { message: string };
                  };
                };
              }
            ).chrome.runtime;
            runtime.sendMessage(id, sent, (reply: unknown) =>
              resolve(runtime.lastError ? { error: runtime.lastError.message } : { reply }),
            );
          }),
        [extensionId, message] as const,
      );
    type WorkerScope = { chrome: { storage: { local: { get(keys: null): Promise<Record<string, unknown>> } } } };
    const stored = () =>
      browser.worker.evaluate(() => (globalThis as unknown as WorkerScope).chrome.storage.local.get(null));
    const storedBefore = await stored();
    // Not the contract's shape: no answer at all.
    expect(await send({ type: "something-else", code: "x" })).toMatchObject({ error: expect.any(String) });
    // The shape, but a code the portal never issued: refused, and nothing stored.
    expect(await send({ type: "precis:handoff", code: "not-a-real-code" })).toEqual({ reply: { isSignedIn: false } });
    expect(await stored()).toEqual(storedBefore);
  });

  it("keeps the extension signed in after the portal's logout when the person chose so on /greet", async () => {
    const { context, extensionId } = browser;
    const email = await createAccount();
    const page = await context.newPage();
    const popup = await openPopup(context, extensionId);
    keepScreenshotOnFailure(() => [page, popup]);
    // The countdown's redirect is answered 204 No Content, so the page stays on /greet for the choice.
    const redirects: string[] = [];
    await context.route(`${caseLawUrl}**`, (route) => {
      redirects.push(route.request().url());
      return route.fulfill({ status: 204 });
    });
    await openPortalPage(page, "/login?ref=canlii");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(`${portalUrl}/greet`);
    const keep = page.getByRole("checkbox", { name: "Keep the extension signed in when I log out of the portal" });
    await keep.waitFor();
    const handoffs: boolean[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/extension/handoff")) handoffs.push(request.postDataJSON().keepSignedIn);
    });
    await keep.check();
    // The choice is handed over at once (a new code, with keepSignedIn) and remembered for the next sign-in.
    await expect.poll(() => handoffs).toEqual([true]);
    const status = page.getByRole("status").filter({ hasText: "Precis extension signed in" });
    await expect.poll(() => status.isVisible()).toBe(true);
    expect(await page.evaluate(() => window.localStorage.getItem("precis.keepExtensionSignedIn"))).toBe("true");
    // The redirect waited for the handoff, then went (and was held): nothing is left to leave the page later.
    await expect.poll(() => redirects).toContain(caseLawUrl);
    await context.unroute(`${caseLawUrl}**`);

    await logOutOfPortal(page);
    await popup.reload();
    await popup.locator('main[aria-busy="false"]').waitFor();
    await expect.poll(() => popup.getByRole("main").textContent()).toContain(email);

    // Signing out in the popup ends the extension's own session.
    await popup.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => popup.getByRole("status").textContent()).toBe("You are signed out.");
    await popup.reload();
    await expect.poll(() => popup.getByRole("heading", { name: "Not signed in" }).isVisible()).toBe(true);
  }, 180_000);
});

/**
 * An account registered and verified through the API, with its cookie session, for the steps a test does not walk
 * on screen (creating the firm, its policy, the invitation). `call` answers the status and the parsed body.
 */
async function registerWithSession(label: string) {
  // Lower case, as the server stores (and mails) every address.
  const email = uniqueEmail(label.toLowerCase());
  const xhr = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
  const registered = await fetch(`${portalUrl}/api/register`, {
    method: "POST",
    headers: xhr,
    body: JSON.stringify({ email, password: TEST_PASSWORD, role: "lawyer", firstName: label, lastName: "Tremblay" }),
  });
  expect(registered.status).toBe(200);
  const call = apiCallerOf(portalUrl, registered);
  const code = await readVerificationCode(email);
  expect((await call("POST", "/api/verify-email", { code })).status).toBe(200);
  return { email, call };
}

/** The token of the newest firm invitation emailed to `email`. */
async function readInvitationToken(email: string) {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const token = smtp.inbox
      .filter((received) => received.to === email)
      .map((received) => /\/firm\/join\?token=([\w-]+)/.exec(received.text)?.[1])
      .findLast(Boolean);
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no invitation email to ${email}`);
}

/**
 * The extension signed in as the account, by the real handoff without the screens issue 30's test walks: a code
 * from the portal's API, sent from a portal page to the extension, which exchanges it for its own session.
 */
async function handOverToExtension(
  context: BrowserContext,
  extensionId: string,
  account: Awaited<ReturnType<typeof registerWithSession>>,
) {
  const handoff = await account.call("POST", "/api/extension/handoff", {});
  expect(handoff.status).toBe(200);
  const page = await context.newPage();
  await openPortalPage(page, "/login");
  const reply = await page.evaluate(
    ([id, code]) =>
      new Promise((resolve) => {
        const runtime = (
          globalThis as unknown as {
            chrome: {
              runtime: { sendMessage: (id: string, message: unknown, done: (reply: unknown) => void) => void };
            };
          }
        ).chrome.runtime;
        runtime.sendMessage(id, { type: "precis:handoff", code }, resolve);
      }),
    [extensionId, handoff.body.code as string] as const,
  );
  expect(reply).toEqual({ isSignedIn: true });
  await page.close();
}

const MATTER_TEXTS = {
  en: {
    label: "Client matter",
    hint: "Your firm requires a client-matter code for each memo. Format: NNNN-NNN (N is a digit, A a letter, X a letter or a digit; other characters stand for themselves).",
    report: "Report a memo",
    required: "Enter the client-matter code first: your firm requires one for each memo.",
    mismatch: "This client-matter code does not have your firm's format, NNNN-NNN.",
    counted: "Memo counted under 2024-017.",
    memos: /Memos this month(\d+)/,
  },
  fr: {
    label: "Dossier client",
    hint: "Votre cabinet exige un code de dossier client pour chaque mémo. Format\u00a0: NNNN-NNN (N est un chiffre, A une lettre, X une lettre ou un chiffre\u202f; les autres caractères se tapent tels quels).",
    report: "Déclarer un mémo",
    required: "Entrez d'abord le code du dossier client\u00a0: votre cabinet en exige un pour chaque mémo.",
    mismatch: "Ce code de dossier client ne respecte pas le format de votre cabinet, NNNN-NNN.",
    counted: "Mémo compté sous le dossier 2024-017.",
    memos: /Mémos ce mois-ci(\d+)/,
  },
} as const;

/*
 * Issue 44: a member of a firm that requires client-matter codes in the mask NNNN-NNN reports a memo from the
 * popup. Without a code, or with one of another shape, the popup refuses before calling and puts the focus on the
 * field; with a good one the memo is counted under it on the server; the popup remembers it when opened again; and
 * when the firm's mask changes under an open popup, the server's refusal is what the member reads.
 */
describe.each(["en", "fr"] as const)("the client matter in the popup (%s)", (language) => {
  const t = MATTER_TEXTS[language];
  let browser: Awaited<ReturnType<typeof launchWithExtension>>;
  beforeAll(async () => {
    browser = await launchWithExtension(language);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("is required, checked against the mask, counted, remembered, and refused by the server when the mask changes", async () => {
    const { context, extensionId } = browser;
    const step = stepLogger();
    const owner = await registerWithSession("Anne");
    const member = await registerWithSession("Louis");
    expect(
      (await owner.call("POST", "/api/firms", { name: `Tremblay Avocats ${language} ${Date.now().toString(36)}` }))
        .status,
    ).toBe(200);
    const policies = { matterCodes: "required", matterMask: "NNNN-NNN" };
    expect((await owner.call("PATCH", "/api/firm", { policies })).status).toBe(200);
    expect((await owner.call("POST", "/api/firm/invitations", { email: member.email, role: "member" })).status).toBe(
      200,
    );
    const token = await readInvitationToken(member.email);
    expect((await member.call("POST", "/api/firm/invitations/accept", { token })).status).toBe(200);
    await handOverToExtension(context, extensionId, member);
    step("member of a firm that requires matters, extension signed in");

    const usage: string[] = [];
    let popup = await openPopup(context, extensionId);
    keepScreenshotOnFailure(() => [popup]);
    popup.on("request", (request) => {
      if (request.url().endsWith("/api/memo-usage")) usage.push(request.postData() ?? "");
    });
    expect(await popup.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(
      await popup.evaluate(() =>
        (globalThis as unknown as { chrome: { i18n: { getMessage(name: string): string } } }).chrome.i18n.getMessage(
          "matterLabel",
        ),
      ),
      "Chrome's own interface language gives the popup its texts: Debian's French pack is chromium-l10n (scripts/ensure-chromium.mjs)",
    ).toBe(t.label);
    // Read on the popup open at the time: it is closed and opened again below.
    const field = () => popup.getByRole("combobox", { name: t.label });
    const status = () => popup.getByRole("status");
    await expect.poll(() => field().isVisible()).toBe(true);
    expect(await field().inputValue()).toBe("");
    expect(await field().getAttribute("aria-describedby")).toBe("matter-hint");
    expect(await popup.locator("#matter-hint").textContent()).toBe(t.hint);
    const memosUsed = async () => Number(t.memos.exec((await popup.getByRole("main").textContent()) ?? "")?.[1]);
    expect(await memosUsed()).toBe(0);
    await expectNoAxeViolations(popup);
    await keepFirmScreen(popup, "extension-popup-matter");

    // Nothing typed: refused before any call, the focus on the field, which now points to the reason.
    await popup.getByRole("button", { name: t.report }).click();
    await expect.poll(() => status().textContent()).toBe(t.required);
    expect(await popup.evaluate(() => document.activeElement?.id)).toBe("matter");
    expect(await field().getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(popup);
    await keepFirmScreen(popup, "extension-popup-matter-refused");
    // Typed from the keyboard, where the refusal left the focus, and sent with Enter on the button.
    await popup.keyboard.type("2024-17");
    expect(await field().getAttribute("aria-invalid")).toBeNull();
    await popup.keyboard.press("Tab");
    expect(await popup.evaluate(() => document.activeElement?.textContent)).toBe(t.report);
    await popup.keyboard.press("Enter");
    await expect.poll(() => status().textContent()).toBe(t.mismatch);
    expect(await popup.evaluate(() => document.activeElement?.id)).toBe("matter");
    expect(usage).toEqual([]);
    expect(await memosUsed()).toBe(0);
    step("refused without a call");

    await field().fill("2024-017");
    await popup.keyboard.press("Tab");
    await popup.keyboard.press("Enter");
    await expect.poll(() => status().textContent()).toBe(t.counted);
    expect(usage.map((body) => JSON.parse(body))).toEqual([{ matter: "2024-017" }]);
    expect(await memosUsed()).toBe(1);
    // Counted under the matter on the server: in the member's own report and in the firm's.
    const month = new Date().toISOString().slice(0, 7);
    expect((await member.call("GET", "/api/firm/usage/mine")).body).toMatchObject({
      month,
      matters: [{ matter: "2024-017", memoCount: 1 }],
      total: 1,
    });
    const firmUsage = await owner.call("GET", "/api/firm/usage");
    expect(firmUsage.status).toBe(200);
    expect(firmUsage.body.members).toContainEqual(
      expect.objectContaining({ email: member.email, total: 1, matters: [{ matter: "2024-017", memoCount: 1 }] }),
    );
    step("memo counted under the matter");

    // Opened again, the popup has the member's matter, and offers it among the recent ones.
    await popup.close();
    popup = await openPopup(context, extensionId);
    await expect.poll(() => field().inputValue()).toBe("2024-017");
    expect(
      await popup
        .locator("#matter-recent option")
        .evaluateAll((options) => options.map((o) => o.getAttribute("value"))),
    ).toEqual(["2024-017"]);
    expect(await memosUsed()).toBe(1);
    for (const width of [390, 1280]) {
      await popup.setViewportSize({ width, height: 700 });
      await keepFirmScreen(popup, "extension-popup-matter-remembered");
    }
    step("matter remembered");

    // The firm changes its mask while the popup is open: the server refuses in its own words, and counts nothing.
    expect((await owner.call("PATCH", "/api/firm", { policies: { matterMask: "AAA-NNNN" } })).status).toBe(200);
    const refusals: string[] = [];
    popup.on("response", async (response) => {
      if (response.url().endsWith("/api/memo-usage")) refusals.push((await response.json()).message);
    });
    await popup.getByRole("button", { name: t.report }).click();
    await expect.poll(() => refusals).toHaveLength(1);
    expect(refusals[0]).toContain("AAA-NNNN");
    await expect.poll(() => status().textContent()).toBe(refusals[0]);
    expect(await field().getAttribute("aria-invalid")).toBe("true");
    expect((await member.call("GET", "/api/firm/usage/mine")).body.total).toBe(1);
  }, 180_000);
});
