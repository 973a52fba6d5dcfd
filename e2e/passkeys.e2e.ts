import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readVerificationMail, signUpInContext, uniqueEmail } from "./support/accounts.ts";
import { startLocalhostServer } from "./support/app-server.ts";
import { expectNoAxeViolations, isFocused, isVisible, type Language, pathOf, useBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/mailbox.ts";
import { REAUTHENTICATION_REQUIRED } from "./support/reauthentication.ts";
import { addVirtualAuthenticator, enableTotpThroughApi } from "./support/second-factors.ts";
import { callApiFromPage } from "./support/sessions.ts";

/*
 * Passkeys through Chromium's virtual authenticator (docs/design.md), on a server of this file's own: WebAuthn needs
 * the page at http://localhost:<port> with PUBLIC_URL there (the suite's server is at 127.0.0.1, not a valid
 * RP ID).
 */
let server: Awaited<ReturnType<typeof startLocalhostServer>>;
beforeAll(async () => {
  server = await startLocalhostServer();
});
afterAll(async () => {
  await server?.stop();
});

const { openPage: openSuitePage } = useBrowser();
const openPage = (options: { language?: Language; width?: number } = {}) =>
  openSuitePage({ ...options, baseUrl: server.baseUrl });

const texts = {
  en: {
    panel: "Passkeys",
    empty: "You have no passkeys yet.",
    add: "Add a passkey",
    name: "Name",
    create: "Create passkey",
    list: "Your passkeys",
    rename: (name: string) => `Rename ${name}`,
    remove: (name: string) => `Remove ${name}`,
    removeDialog: (name: string) => `Remove ${name}?`,
    signIn: "Sign in with a passkey",
  },
  fr: {
    panel: "Clés d’accès",
    empty: "Vous n’avez encore aucune clé d’accès.",
    add: "Ajouter une clé d’accès",
    name: "Nom",
    create: "Créer la clé d’accès",
    list: "Vos clés d’accès",
    rename: (name: string) => `Renommer ${name}`,
    remove: (name: string) => `Retirer ${name}`,
    removeDialog: (name: string) => `Retirer ${name}\u202f?`,
    signIn: "Connexion avec une clé d’accès",
  },
} satisfies Record<Language, unknown>;

const passkeysPanel = (page: Page) => page.getByRole("region", { name: /^(Passkeys|Clés d’accès)$/ });

/** A new account signed in on the localhost server, its page with a virtual authenticator, on the Security tab. */
async function openSecurityTab(options: { language?: Language; width?: number } = {}) {
  const page = await openPage(options);
  const credentials = await signUpInContext(page.context(), { firstName: "Marie" });
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto("/profile/Security");
  const panel = passkeysPanel(page);
  await expect.poll(isVisible(panel.getByText(texts[options.language ?? "en"].empty))).toBe(true);
  return { page, credentials, authenticator, panel };
}

/** Adds a passkey from the tab as a person does: the form, its name, the (virtual) authenticator's answer. */
async function addPasskey(page: Page, name: string, language: Language = "en") {
  const words = texts[language];
  const panel = passkeysPanel(page);
  await panel.getByRole("button", { name: words.add }).click();
  await panel.getByLabel(words.name, { exact: true }).fill(name);
  await panel.getByRole("button", { name: words.create }).click();
  await expect
    .poll(isVisible(panel.getByRole("list", { name: words.list }).getByText(name, { exact: true })))
    .toBe(true);
}

/** Ends the page's session as the account menu's Logout does, keeping the page (and its authenticator). */
async function logOut(page: Page) {
  await callApiFromPage(page, "/api/logout");
  await page.evaluate(() => window.localStorage.removeItem("precis.accessKey"));
}

describe("passkeys on the Security tab", () => {
  it("adds one under a suggested name, renames it, and signs in with it without a password or a code", async () => {
    const { page, credentials, authenticator, panel } = await openSecurityTab();
    await panel.getByRole("button", { name: "Add a passkey" }).click();
    const name = panel.getByLabel("Name", { exact: true });
    await expect.poll(isFocused(name)).toBe(true);
    // This browser and system, as the client hints say them (headless Chromium on Linux here).
    expect(await name.inputValue()).toMatch(/ on Linux$/);
    await name.fill("Work laptop");
    await panel.getByRole("button", { name: "Create passkey" }).click();
    const news = panel.getByText('Passkey "Work laptop" added. You can now log in with it.');
    await expect.poll(isFocused(news)).toBe(true);
    expect(await authenticator.credentials()).toHaveLength(1);
    const row = panel
      .getByRole("list", { name: "Your passkeys" })
      .getByRole("listitem")
      .filter({ hasText: "Work laptop" });
    expect(await row.getByText("Never used").isVisible()).toBe(true);
    expect(await row.getByText(/^Added \w{3}\.? \d{1,2}, \d{4}/).isVisible()).toBe(true);

    // Renamed in its row: Enter saves, focus returns to the row's Rename button.
    await row.getByRole("button", { name: "Rename Work laptop" }).click();
    const newName = panel.getByLabel("New name for Work laptop", { exact: true });
    await expect.poll(isFocused(newName)).toBe(true);
    await newName.fill("Office laptop");
    await page.keyboard.press("Enter");
    await expect.poll(isVisible(panel.getByText('Passkey renamed to "Office laptop".'))).toBe(true);
    await expect.poll(isFocused(panel.getByRole("button", { name: "Rename Office laptop" }))).toBe(true);

    // Signed out, then in again with the passkey alone.
    await logOut(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect.poll(() => pathOf(page)).toBe("/");
    expect((await callApiFromPage(page, "/api/user-details")).body.userProfile.email).toBe(credentials.email);
    // Through the app's own links (a reload would put back the old access key the test's set-up seeds).
    await page.getByRole("button", { name: /^Account menu for / }).click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Profile" }).click();
    await page.getByRole("tab", { name: "Security" }).click();
    await expect.poll(isVisible(panel.getByText(/^Last used \w{3}\.? \d{1,2}, \d{4}/))).toBe(true);
  });

  it("signs in with a passkey with no second step, even with the authenticator app on", async () => {
    const { page, credentials } = await openSecurityTab();
    await addPasskey(page, "Laptop");
    await enableTotpThroughApi(page);
    await logOut(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect.poll(() => pathOf(page)).toBe("/");
    expect((await callApiFromPage(page, "/api/user-details")).body.userProfile.email).toBe(credentials.email);
  });

  it("removes one after asking, which then no longer signs in", async () => {
    const { page, panel } = await openSecurityTab();
    await addPasskey(page, "Old phone");
    const remove = panel.getByRole("button", { name: "Remove Old phone" });
    await remove.click();
    const dialog = page.getByRole("dialog", { name: "Remove Old phone?" });
    await expect.poll(isFocused(dialog.getByRole("button", { name: "Remove" }))).toBe(true);
    // Cancel changes nothing, and hands focus back.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(isFocused(remove)).toBe(true);
    await remove.click();
    await expect.poll(isFocused(dialog.getByRole("button", { name: "Remove" }))).toBe(true);
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect.poll(isFocused(panel.getByText('Passkey "Old phone" removed.'))).toBe(true);
    expect(await panel.getByText("You have no passkeys yet.").isVisible()).toBe(true);

    // The authenticator still holds it; the server no longer knows it.
    await logOut(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect
      .poll(
        isVisible(
          page
            .getByRole("alert")
            .filter({ hasText: "This passkey is not registered with Precis. Login with your password, then add it" }),
        ),
      )
      .toBe(true);
    expect(pathOf(page)).toBe("/login");
  });

  it("confirms who you are with a passkey when the sign-in is old", async () => {
    const { page, panel } = await openSecurityTab();
    await addPasskey(page, "Desk key");
    let removals = 0;
    await page.route("**/api/passkeys/*", async (route) => {
      if (route.request().method() !== "DELETE") return route.continue();
      removals += 1;
      if (removals === 1) return route.fulfill(REAUTHENTICATION_REQUIRED);
      return route.continue();
    });
    const confirmations: unknown[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/reauthenticate") confirmations.push(request.postDataJSON());
    });
    await panel.getByRole("button", { name: "Remove Desk key" }).click();
    await page.getByRole("dialog", { name: "Remove Desk key?" }).getByRole("button", { name: "Remove" }).click();
    const identity = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect.poll(isVisible(identity.getByRole("button", { name: "Use a passkey" }))).toBe(true);
    await expectNoAxeViolations(page);
    await identity.getByRole("button", { name: "Use a passkey" }).click();
    await expect.poll(isFocused(panel.getByText('Passkey "Desk key" removed.'))).toBe(true);
    expect(removals).toBe(2);
    expect(confirmations).toEqual([{ passkey: expect.objectContaining({ type: "public-key" }) }]);
  });

  it("says so when a removal fails, and keeps the passkey listed", async () => {
    const { page, panel } = await openSecurityTab();
    await addPasskey(page, "Spare key");
    await page.route("**/api/passkeys/*", (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal Server Error"}' })
        : route.continue(),
    );
    await panel.getByRole("button", { name: "Remove Spare key" }).click();
    await page.getByRole("dialog", { name: "Remove Spare key?" }).getByRole("button", { name: "Remove" }).click();
    await expect
      .poll(isVisible(panel.getByRole("alert").getByText("Something went wrong. Please try again.")))
      .toBe(true);
    expect(await panel.getByText("Spare key", { exact: true }).isVisible()).toBe(true);
  });

  it("says so when the browser has no WebAuthn, on the tab and on /login", async () => {
    const page = await openPage();
    await page.context().addInitScript(() => {
      Object.defineProperty(window, "PublicKeyCredential", { value: undefined, configurable: true });
    });
    await signUpInContext(page.context());
    await page.goto("/profile/Security");
    const panel = passkeysPanel(page);
    await expect
      .poll(isVisible(panel.getByText(/^This browser does not support passkeys, so no passkey can be added here\./)))
      .toBe(true);
    expect(await panel.getByRole("button", { name: "Add a passkey" }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    await logOut(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect
      .poll(isVisible(page.getByRole("alert").filter({ hasText: "This browser does not support passkeys." })))
      .toBe(true);
  });
});

describe("an account whose address is not proven yet", () => {
  it("is told to verify its email instead of being offered a passkey or the authenticator app", async () => {
    const page = await openPage();
    await signUpInContext(page.context(), {}, { verified: false });
    await page.goto("/profile/Security");
    const panel = passkeysPanel(page);
    await expect.poll(isVisible(panel.getByText(/^Verify your email to add a passkey\./))).toBe(true);
    expect(await panel.getByRole("button", { name: "Add a passkey" }).count()).toBe(0);
    const twoStep = page.getByRole("region", { name: "Two-step verification" });
    await expect.poll(isVisible(twoStep.getByText(/^Verify your email to add a second step\./))).toBe(true);
    expect(await twoStep.getByRole("button", { name: "Set up" }).count()).toBe(0);
    expect(await panel.getByRole("link", { name: "Verify your email" }).getAttribute("href")).toBe("/verify-email");
    await expectNoAxeViolations(page);
  });
});

describe("passkeys with the keyboard alone", () => {
  it("adds, renames and removes one without a pointer", async () => {
    const { page, panel } = await openSecurityTab();
    const add = panel.getByRole("button", { name: "Add a passkey" });
    await add.focus();
    await page.keyboard.press("Enter");
    await expect.poll(isFocused(panel.getByLabel("Name", { exact: true }))).toBe(true);
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Tablet");
    await page.keyboard.press("Enter");
    await expect.poll(isFocused(panel.getByText('Passkey "Tablet" added. You can now log in with it.'))).toBe(true);

    const rename = panel.getByRole("button", { name: "Rename Tablet" });
    await page.keyboard.press("Shift+Tab");
    for (let presses = 0; presses < 6 && !(await isFocused(rename)()); presses += 1)
      await page.keyboard.press("Shift+Tab");
    expect(await isFocused(rename)()).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(isFocused(panel.getByLabel("New name for Tablet", { exact: true }))).toBe(true);
    // Escape keeps the old name.
    await page.keyboard.press("Escape");
    await expect.poll(isFocused(rename)).toBe(true);

    await page.keyboard.press("Tab");
    const remove = panel.getByRole("button", { name: "Remove Tablet" });
    expect(await isFocused(remove)()).toBe(true);
    await page.keyboard.press("Enter");
    await expect
      .poll(isFocused(page.getByRole("dialog", { name: "Remove Tablet?" }).getByRole("button", { name: "Remove" })))
      .toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(isFocused(panel.getByText('Passkey "Tablet" removed.'))).toBe(true);
  });
});

describe("passkeys' accessibility", () => {
  for (const language of ["en", "fr"] as const) {
    it(`has no axe violations in ${language}: the empty list, the form, a passkey, its rename and removal`, {
      timeout: 120_000,
    }, async () => {
      const { page, panel } = await openSecurityTab({ language });
      const words = texts[language];
      await expectNoAxeViolations(page);
      await panel.getByRole("button", { name: words.add }).click();
      await panel.getByLabel(words.name, { exact: true }).fill("");
      await panel.getByRole("button", { name: words.create }).click();
      await expect.poll(() => panel.locator(".ant-form-item-explain-error").count()).toBe(1);
      await expectNoAxeViolations(page);
      await panel.getByLabel(words.name, { exact: true }).fill("Portable");
      await panel.getByRole("button", { name: words.create }).click();
      await expect.poll(isVisible(panel.getByRole("list", { name: words.list }))).toBe(true);
      await expectNoAxeViolations(page);
      await panel.getByRole("button", { name: words.rename("Portable") }).click();
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await panel.getByRole("button", { name: words.remove("Portable") }).click();
      await expect.poll(isVisible(page.getByRole("dialog", { name: words.removeDialog("Portable") }))).toBe(true);
      await expectNoAxeViolations(page);

      const login = await openPage({ language });
      await login.goto("/login");
      expect(await login.getByRole("button", { name: words.signIn }).isEnabled()).toBe(true);
      await expectNoAxeViolations(login);
    });
  }

  it("fits a phone screen without sideways scrolling", async () => {
    const { page } = await openSecurityTab({ width: 390 });
    await addPasskey(page, "A passkey with a rather long name for a narrow phone screen");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});

describe("the owner's undo of a move (issue 53, finding 2)", () => {
  it("takes back an address whose mover planted a passkey and the authenticator app: neither opens it after", async () => {
    // The attacker registers the victim's address, never proven, and moves the account to one of their own.
    const attacker = await openPage();
    const victimEmail = uniqueEmail("junior", "bigfirm.ca");
    await signUpInContext(attacker.context(), { firstName: "Junior" }, { email: victimEmail, verified: false });
    await attacker.goto("/");
    const attackerEmail = uniqueEmail("attacker", "evil.test");
    const sent = await callApiFromPage(attacker, "/api/verify-email/resend", {
      method: "POST",
      body: { email: attackerEmail },
    });
    expect(sent.status).toBe(200);
    const { code } = await readVerificationMail(attackerEmail);
    expect((await callApiFromPage(attacker, "/api/verify-email", { method: "POST", body: { code } })).status).toBe(200);
    // The account being verified now, the attacker plants a passkey (Chromium's virtual authenticator) and the app.
    const authenticator = await addVirtualAuthenticator(attacker);
    await attacker.goto("/profile/Security");
    await expect.poll(isVisible(passkeysPanel(attacker).getByText(texts.en.empty))).toBe(true);
    await addPasskey(attacker, "Attacker");
    await enableTotpThroughApi(attacker);
    expect(await authenticator.credentials()).toHaveLength(1);

    // The victim presses the button of the link mailed to the address.
    const mail = await waitForMail(victimEmail, /email address was changed/);
    const link = /(https?:\/\/\S+\/email-change\/undo\?token=[\w-]+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`no undo link in: ${mail.text}`);
    const victim = await openPage();
    await victim.goto(new URL(link).pathname + new URL(link).search);
    await victim.getByRole("main").getByRole("button", { name: "Take back my email address" }).click();
    await expect
      .poll(isVisible(victim.getByRole("heading", { level: 1, name: "Your email address is restored" })))
      .toBe(true);

    // The attacker's session ended, and the passkey their authenticator still holds opens nothing.
    expect((await callApiFromPage(attacker, "/api/user-details")).body.userProfile).toBeNull();
    await logOut(attacker);
    await attacker.goto("/login");
    await attacker.getByRole("button", { name: texts.en.signIn }).click();
    await expect
      .poll(
        isVisible(
          attacker
            .getByRole("alert")
            .filter({ hasText: "This passkey is not registered with Precis. Login with your password, then add it" }),
        ),
      )
      .toBe(true);
    expect(pathOf(attacker)).toBe("/login");
  });
});
