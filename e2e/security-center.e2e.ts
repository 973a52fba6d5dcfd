import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpInContext } from "./support/accounts.ts";
import { expectNoAxeViolations, isFocused, isVisible, type Language, pathOf, useBrowser } from "./support/browser.ts";
import { REAUTHENTICATION_REQUIRED } from "./support/reauthentication.ts";
import { openApiSession, readApiSessionProfile } from "./support/sessions.ts";

const { openPage, baseUrl } = useBrowser();

const texts = {
  en: {
    tab: "Security",
    sessions: "Sessions and devices",
    thisDevice: "This device",
    otherDevice: "Firefox 133 on Windows 10",
    signOutOther: "Sign out Firefox 133 on Windows 10",
    signOut: "Sign out",
    signOutOthers: "Sign out everywhere else",
    signedOut: "Firefox 133 on Windows 10 was signed out.",
    changePassword: "Change password",
    current: "Current password",
    newPassword: "New Password",
    confirm: "Confirm new password",
  },
  fr: {
    tab: "Sécurité",
    sessions: "Sessions et appareils",
    thisDevice: "Cet appareil",
    otherDevice: "Firefox 133 sur Windows 10",
    signOutOther: "Déconnecter Firefox 133 sur Windows 10",
    signOut: "Déconnecter",
    signOutOthers: "Déconnecter toutes les autres sessions",
    signedOut: "Firefox 133 sur Windows 10 a été déconnecté.",
    changePassword: "Changer le mot de passe",
    current: "Mot de passe actuel",
    newPassword: "Nouveau mot de passe",
    confirm: "Confirmer le nouveau mot de passe",
  },
} satisfies Record<Language, unknown>;

/** A new account signed in in the page's context, on the Security tab, with a second session elsewhere. */
async function openSecurityTab(options: { language?: Language; width?: number; otherSessions?: number } = {}) {
  const page = await openPage(options);
  const credentials = await signUpInContext(page.context(), { firstName: "Marie", lastName: "Tremblay" });
  const others = [];
  for (let index = 0; index < (options.otherSessions ?? 1); index += 1)
    others.push(await openApiSession(baseUrl, credentials));
  await page.goto("/profile/security");
  const language = options.language ?? "en";
  await expect.poll(isVisible(page.getByRole("heading", { level: 2, name: texts[language].sessions }))).toBe(true);
  await expect.poll(() => sessionRows(page).count()).toBe(1 + others.length);
  return { page, credentials, others };
}

/** The Sessions and devices panel (its dialogs open outside it). */
const sessionsPanel = (page: Page) =>
  page.getByRole("region", { name: /^(Sessions and devices|Sessions et appareils)$/ });

/** The rows of the list of sessions (each session's own list of details is nested in it). */
const sessionRows = (page: Page) =>
  page.getByRole("list", { name: /^(Sessions and devices|Sessions et appareils)$/ }).locator("> li");

describe("the Security tab", () => {
  it("opens from its case-insensitive address and from the tab list", async () => {
    const { page } = await openSecurityTab({ otherSessions: 0 });
    await expect.poll(() => pathOf(page)).toBe("/profile/Security");
    expect(await page.getByRole("tab", { name: "Security" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("tablist").getAttribute("aria-orientation")).toBe("vertical");
    await page.getByRole("tab", { name: "Privacy" }).click();
    await expect.poll(() => pathOf(page)).toBe("/profile/Privacy");
    await page.getByRole("tab", { name: "Security" }).click();
    await expect.poll(() => pathOf(page)).toBe("/profile/Security");
  });

  it("lists each session with its device, address and times, and signs another one out", async () => {
    const { page, others } = await openSecurityTab();
    const [other] = others;
    const rows = sessionRows(page);
    const current = rows.filter({ hasText: "This device" });
    const remote = rows.filter({ hasText: texts.en.otherDevice });
    expect(await current.count()).toBe(1);
    expect(await remote.count()).toBe(1);
    // This browser's row comes first, with no way to sign itself out here (the account menu's Logout does).
    expect(await rows.first().getByText("This device").isVisible()).toBe(true);
    expect(await current.getByRole("button").count()).toBe(0);
    for (const row of [current, remote]) {
      expect(await row.getByText("IP address 127.0.0.1").isVisible()).toBe(true);
      expect(await row.getByText(/^Signed in \w{3}\.? \d{1,2}, \d{4}/).isVisible()).toBe(true);
      expect(await row.getByText(/^Last active \w{3}\.? \d{1,2}, \d{4}/).isVisible()).toBe(true);
    }
    const signOutOthers = sessionsPanel(page).getByRole("button", { name: "Sign out everywhere else" });
    expect(await signOutOthers.isEnabled()).toBe(true);

    // Asked first: Cancel changes nothing.
    await remote.getByRole("button", { name: texts.en.signOutOther }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out Firefox 133 on Windows 10?" });
    await expect.poll(isVisible(dialog)).toBe(true);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await readApiSessionProfile(baseUrl, other ?? { cookie: "", accessKey: "" })).not.toBeNull();

    await remote.getByRole("button", { name: texts.en.signOutOther }).click();
    await dialog.getByRole("button", { name: "Sign out" }).click();
    const news = page.getByRole("status").filter({ hasText: texts.en.signedOut });
    await expect.poll(isVisible(news)).toBe(true);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await signOutOthers.isDisabled()).toBe(true);
    // That device is logged out for real.
    expect(await readApiSessionProfile(baseUrl, other ?? { cookie: "", accessKey: "" })).toBeNull();
    // And this one is not.
    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);
  });

  it("signs every other session out at once, this one staying signed in", async () => {
    const { page, others } = await openSecurityTab({ otherSessions: 2 });
    await sessionsPanel(page).getByRole("button", { name: "Sign out everywhere else" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out everywhere else?" });
    await expect.poll(isVisible(dialog)).toBe(true);
    await dialog.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect
      .poll(isVisible(page.getByRole("status").filter({ hasText: "2 other sessions were signed out." })))
      .toBe(true);
    await expect.poll(() => sessionRows(page).count()).toBe(1);
    for (const other of others) expect(await readApiSessionProfile(baseUrl, other)).toBeNull();
    expect(await sessionsPanel(page).getByRole("button", { name: "Sign out everywhere else" }).isDisabled()).toBe(true);
  });

  it("asks who you are before signing out everywhere else when the sign-in is old (issue 42)", async () => {
    const { page, credentials, others } = await openSecurityTab();
    // The server's clock is real: its answer to a sign-in older than 15 minutes, the first time.
    let attempts = 0;
    await page.route("**/api/sessions/revoke-others", async (route) => {
      attempts += 1;
      if (attempts > 1) return route.continue();
      return route.fulfill(REAUTHENTICATION_REQUIRED);
    });
    await sessionsPanel(page).getByRole("button", { name: "Sign out everywhere else" }).click();
    await page
      .getByRole("dialog", { name: "Sign out everywhere else?" })
      .getByRole("button", { name: "Sign out everywhere else" })
      .click();
    const identity = page.getByRole("dialog", { name: "Confirm it's you" });
    const password = identity.getByLabel("Password", { exact: true });
    await expect.poll(isFocused(password)).toBe(true);
    await password.fill(credentials.password);
    await password.press("Enter");
    await expect
      .poll(isVisible(page.getByRole("status").filter({ hasText: "1 other session was signed out." })))
      .toBe(true);
    expect(attempts).toBe(2);
    expect(await readApiSessionProfile(baseUrl, others[0] ?? { cookie: "", accessKey: "" })).toBeNull();
  });

  it("asks who you are before signing another session out when the sign-in is old (issue 53)", async () => {
    const { page, credentials, others } = await openSecurityTab();
    // The server's clock is real: its answer to a sign-in older than 15 minutes, the first two times.
    let attempts = 0;
    await page.route("**/api/sessions/*", async (route) => {
      if (route.request().method() !== "DELETE") return route.continue();
      attempts += 1;
      if (attempts > 2) return route.continue();
      return route.fulfill(REAUTHENTICATION_REQUIRED);
    });
    const signOut = page.getByRole("button", { name: texts.en.signOutOther });
    const confirmSignOut = () =>
      page
        .getByRole("dialog", { name: "Sign out Firefox 133 on Windows 10?" })
        .getByRole("button", { name: "Sign out" })
        .click();
    const identity = page.getByRole("dialog", { name: "Confirm it's you" });
    const password = identity.getByLabel("Password", { exact: true });

    // A change of mind in the confirm-identity dialog: back to the row's button, nothing signed out.
    await signOut.click();
    await confirmSignOut();
    await expect.poll(isFocused(password)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(isFocused(signOut)).toBe(true);
    expect(await readApiSessionProfile(baseUrl, others[0] ?? { cookie: "", accessKey: "" })).not.toBeNull();

    await signOut.click();
    await confirmSignOut();
    await expect.poll(isFocused(password)).toBe(true);
    await password.fill(credentials.password);
    await password.press("Enter");
    await expect
      .poll(isVisible(page.getByRole("status").filter({ hasText: "Firefox 133 on Windows 10 was signed out." })))
      .toBe(true);
    expect(attempts).toBe(3);
    expect(await readApiSessionProfile(baseUrl, others[0] ?? { cookie: "", accessKey: "" })).toBeNull();
  });

  it("says a session that ended meanwhile had ended, and refreshes the list", async () => {
    const { page, others } = await openSecurityTab();
    // Signed out from elsewhere after the list was drawn.
    await fetch(`${baseUrl}/api/logout`, {
      headers: {
        cookie: others[0]?.cookie ?? "",
        "x-access-key": others[0]?.accessKey ?? "",
        "x-requested-with": "XMLHttpRequest",
      },
    });
    await page.getByRole("button", { name: texts.en.signOutOther }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Sign out" }).click();
    await expect
      .poll(isVisible(page.getByRole("status").filter({ hasText: "That session had already ended." })))
      .toBe(true);
    await expect.poll(() => sessionRows(page).count()).toBe(1);
  });

  it("changes the password with the current one, signs the other sessions out, and the new one logs in", async () => {
    const { page, credentials, others } = await openSecurityTab();
    const form = page.getByRole("region", { name: "Change password" });
    const current = form.getByLabel("Current password", { exact: true });
    const next = form.getByLabel("New Password", { exact: true });
    const confirmation = form.getByLabel("Confirm new password", { exact: true });
    const submit = form.getByRole("button", { name: "Change password" });

    // Checked here first: every field is required, the requirements are registration's, the two must match.
    await submit.click();
    await expect.poll(isVisible(form.getByText("Please enter your current password."))).toBe(true);
    await expect.poll(isFocused(current)).toBe(true);
    await current.fill("Not-the-password1");
    await next.fill("short");
    await confirmation.fill("shorter");
    await submit.click();
    await expect.poll(isVisible(form.getByText("Password Requirements are not met"))).toBe(true);
    // antd validates each field on its own tick, so the second message may follow the first.
    await expect.poll(isVisible(form.getByText("Passwords not matched"))).toBe(true);
    // The requirements say which are met as the password is typed.
    expect(await form.getByText("At least one lower-case letter (met)").count()).toBe(1);
    expect(await form.getByText("At least 8 characters (not met yet)").count()).toBe(1);

    // The server's refusals land on their field, which takes focus.
    await next.fill("Password1");
    await confirmation.fill("Password1");
    await submit.click();
    await expect.poll(isVisible(form.getByText("Bad Password. Please try again"))).toBe(true);
    await expect.poll(isFocused(current)).toBe(true);
    await current.fill(credentials.password);
    await submit.click();
    await expect
      .poll(isVisible(form.getByText("This password is too common. Please choose a different one.")))
      .toBe(true);
    await expect.poll(isFocused(next)).toBe(true);

    const newPassword = "Appellate-Brief-42";
    await next.fill(newPassword);
    await confirmation.fill(newPassword);
    await submit.click();
    const changed = form
      .getByRole("status")
      .filter({ hasText: "Password changed. Every other session was signed out." });
    await expect.poll(isVisible(changed)).toBe(true);
    expect(await current.inputValue()).toBe("");
    // The other device is signed out, and the list beside the form says so.
    for (const other of others) expect(await readApiSessionProfile(baseUrl, other)).toBeNull();
    await expect.poll(() => sessionRows(page).count()).toBe(1);

    // This browser stays signed in; the new password logs in, the old one no longer does.
    await page.reload();
    await expect.poll(() => sessionRows(page).count()).toBe(1);
    const login = await openPage();
    await login.goto("/login");
    await login.getByLabel("Email", { exact: true }).fill(credentials.email);
    await login.getByLabel("Password", { exact: true }).fill(credentials.password);
    await login.getByRole("button", { name: "Login", exact: true }).click();
    await expect
      .poll(isVisible(login.getByRole("alert").filter({ hasText: "Bad Password. Please try again" })))
      .toBe(true);
    await login.getByLabel("Password", { exact: true }).fill(newPassword);
    await login.getByRole("button", { name: "Login", exact: true }).click();
    await expect.poll(() => pathOf(login)).not.toBe("/login");
    await login.goto("/profile/Security");
    await expect.poll(() => sessionRows(login).count()).toBe(2);
  });

  it("offers an account without a password (Google or Microsoft) to set one, with no current password", async () => {
    const { page } = await openSecurityTab({ otherSessions: 0 });
    // The account's factors as the server describes a Google or Microsoft account's (mfa.e2e.ts sets a real one's).
    await page.route("**/api/mfa", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({
          hasPassword: false,
          totp: { isEnabled: false, enabledAt: null },
          recoveryCodesLeft: 0,
          passkeys: [],
        }),
      }),
    );
    const sent: unknown[] = [];
    await page.route("**/api/change-password", (route) => {
      sent.push(route.request().postDataJSON());
      return route.fulfill({ contentType: "application/json", body: JSON.stringify({ Status: "Success" }) });
    });
    await page.reload();
    const form = page.getByRole("region", { name: "Set a password" });
    await expect.poll(isVisible(form.getByText("Your account signs in with Google or Microsoft."))).toBe(true);
    expect(await form.getByLabel("Current password", { exact: true }).count()).toBe(0);
    await form.getByLabel("New Password", { exact: true }).fill("Appellate-Brief-42");
    await form.getByLabel("Confirm new password", { exact: true }).fill("Appellate-Brief-42");
    await form.getByRole("button", { name: "Set password" }).click();
    await expect
      .poll(isVisible(page.getByRole("status").filter({ hasText: "Password set. You can now also log in" })))
      .toBe(true);
    expect(sent).toEqual([{ newPassword: "Appellate-Brief-42" }]);
    await expectNoAxeViolations(page);
  });
});

describe("the Security tab with the keyboard alone", () => {
  it("signs a session out and changes the password without a pointer", async () => {
    const { page, credentials, others } = await openSecurityTab();
    const signOut = page.getByRole("button", { name: texts.en.signOutOther });
    // Tab from the tab list to the row's button: nothing in between traps focus.
    await page.getByRole("tab", { name: "Security" }).focus();
    for (let presses = 0; presses < 10 && !(await isFocused(signOut)()); presses += 1) await page.keyboard.press("Tab");
    expect(await isFocused(signOut)()).toBe(true);

    // The dialog opens on its answer; Escape closes it and hands focus back.
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Sign out Firefox 133 on Windows 10?" });
    await expect.poll(isFocused(dialog.getByRole("button", { name: "Sign out" }))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(isFocused(signOut)).toBe(true);

    // Enter twice: the session is gone, and focus is on the news that says so.
    await page.keyboard.press("Enter");
    await expect.poll(isFocused(dialog.getByRole("button", { name: "Sign out" }))).toBe(true);
    await page.keyboard.press("Enter");
    const news = page.getByText(texts.en.signedOut);
    await expect.poll(isFocused(news)).toBe(true);
    expect(await readApiSessionProfile(baseUrl, others[0] ?? { cookie: "", accessKey: "" })).toBeNull();

    // The password form: typed field by field, sent with Enter.
    const form = page.getByRole("region", { name: "Change password" });
    await form.getByLabel("Current password", { exact: true }).focus();
    await page.keyboard.type(credentials.password);
    await page.keyboard.press("Tab");
    // The eye button of the password field comes between the fields.
    if (!(await isFocused(form.getByLabel("New Password", { exact: true }))())) await page.keyboard.press("Tab");
    await page.keyboard.type("Appellate-Brief-42");
    await page.keyboard.press("Tab");
    if (!(await isFocused(form.getByLabel("Confirm new password", { exact: true }))()))
      await page.keyboard.press("Tab");
    expect(await isFocused(form.getByLabel("Confirm new password", { exact: true }))()).toBe(true);
    await page.keyboard.type("Appellate-Brief-42");
    await page.keyboard.press("Enter");
    await expect
      .poll(isFocused(form.getByRole("status").filter({ hasText: "Password changed." }).locator("..")))
      .toBe(true);
  });
});

describe("the Security tab's accessibility", () => {
  for (const language of ["en", "fr"] as const) {
    it(`has no axe violations in ${language}: the list, its dialog, and the form with its errors`, async () => {
      const { page } = await openSecurityTab({ language });
      const words = texts[language];
      expect(await page.getByRole("tab", { name: words.tab }).getAttribute("aria-selected")).toBe("true");
      expect(await sessionRows(page).filter({ hasText: words.thisDevice }).count()).toBe(1);
      expect(await sessionRows(page).filter({ hasText: words.otherDevice }).count()).toBe(1);
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: words.signOutOther }).click();
      await expect.poll(isVisible(page.getByRole("dialog"))).toBe(true);
      await expectNoAxeViolations(page);
      await page.getByRole("dialog").getByRole("button", { name: words.signOut }).click();
      await expect.poll(isVisible(page.getByRole("status").filter({ hasText: words.signedOut }))).toBe(true);

      const form = page.getByRole("region", { name: words.changePassword });
      await form.getByLabel(words.newPassword, { exact: true }).fill("abc");
      await form.getByRole("button", { name: words.changePassword }).click();
      await expect.poll(() => form.locator(".ant-form-item-explain-error").count()).toBeGreaterThan(1);
      await expectNoAxeViolations(page);
    });
  }

  it("fits a phone screen without sideways scrolling", async () => {
    const { page } = await openSecurityTab({ width: 390 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});
