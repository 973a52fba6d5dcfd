import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpInContext } from "./support/accounts.ts";
import { expectNoAxeViolations, isFocused, isVisible, type Language, pathOf, useBrowser } from "./support/browser.ts";
import { REAUTHENTICATION_REQUIRED } from "./support/reauthentication.ts";
import { AuthenticatorApp, enableTotpThroughApi } from "./support/second-factors.ts";
import { callApiFromPage } from "./support/sessions.ts";
import { signUpWithGoogle } from "./support/sso-accounts.ts";

const { openPage } = useBrowser();

const texts = {
  en: {
    panel: "Two-step verification",
    setUp: "Set up",
    qr: "QR code that adds Precis to an authenticator app",
    code: "Code from the app",
    turnOn: "Turn on",
    saveHeading: "Save your recovery codes",
    codes: "Your recovery codes",
    saved: "I've saved them",
    turnedOn: "Two-step verification is on. Logging in with your password now also asks for a code.",
    turnOff: "Turn off",
    disableDialog: "Turn off two-step verification?",
    loginCode: "Authentication code",
    verify: "Verify",
  },
  fr: {
    panel: "Vérification en deux étapes",
    setUp: "Configurer",
    qr: "Code QR qui ajoute Precis à une application d’authentification",
    code: "Code de l’application",
    turnOn: "Activer",
    saveHeading: "Conservez vos codes de récupération",
    codes: "Vos codes de récupération",
    saved: "Je les ai conservés",
    turnedOn:
      "La vérification en deux étapes est activée. La connexion avec votre mot de passe demande maintenant aussi un code.",
    turnOff: "Désactiver",
    disableDialog: "Désactiver la vérification en deux étapes\u202f?",
    loginCode: "Code d’authentification",
    verify: "Vérifier",
  },
} satisfies Record<Language, unknown>;

/** A new account signed in in the page's context, on the Security tab. */
async function openSecurityTab(options: { language?: Language; width?: number; motion?: "full" } = {}) {
  const page = await openPage(options);
  const credentials = await signUpInContext(page.context(), { firstName: "Marie", lastName: "Tremblay" });
  await page.goto("/profile/Security");
  const panel = twoStepPanel(page);
  await expect.poll(isVisible(panel.getByRole("heading", { level: 3 }).first())).toBe(true);
  return { page, credentials, panel };
}

const twoStepPanel = (page: Page) =>
  page.getByRole("region", { name: /^(Two-step verification|Vérification en deux étapes)$/ });

/** Sets the app up on the Security tab as a person does: the key read from the page, then a code from it. */
async function setUpFromTheTab(page: Page, language: Language = "en") {
  const words = texts[language];
  const panel = twoStepPanel(page);
  await panel.getByRole("button", { name: words.setUp }).click();
  await expect.poll(isVisible(panel.getByRole("img", { name: words.qr }))).toBe(true);
  const app = new AuthenticatorApp((await panel.getByRole("code").textContent()) ?? "");
  await panel.getByLabel(words.code, { exact: true }).fill(await app.nextCode());
  await panel.getByRole("button", { name: words.turnOn }).click();
  await expect.poll(isVisible(panel.getByRole("heading", { name: words.saveHeading }))).toBe(true);
  const codes = await panel.getByRole("list", { name: words.codes }).getByRole("listitem").allTextContents();
  return { app, codes };
}

const loginWords = {
  en: { email: "Email", password: "Password", submit: "Login" },
  fr: { email: "Courriel", password: "Mot de passe", submit: "Se connecter" },
} satisfies Record<Language, unknown>;

/** Logs in on /login with the password, up to the second step (or further, for an account without one). */
async function enterPassword(page: Page, credentials: { email: string; password: string }, language: Language = "en") {
  const words = loginWords[language];
  await page.goto("/login");
  await page.getByLabel(words.email, { exact: true }).fill(credentials.email);
  await page.getByLabel(words.password, { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: words.submit, exact: true }).click();
}

/**
 * Submits the login's second step once its form is idle again. After a refusal the field's error can show a moment
 * before the button stops being busy, and the form ignores a submit while busy, as it must: under load a click in
 * that moment was lost, and the test then waited for a sign-in that had never been asked for.
 */
async function verifyCode(page: Page) {
  const verify = page.getByRole("button", { name: "Verify" });
  await expect.poll(() => verify.getAttribute("aria-busy")).toBe("false");
  await verify.click();
}

const secondStepHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Two-step verification" });

describe("the authenticator app on the Security tab", () => {
  it("turns on with the QR code's key and a code, shows the recovery codes once, and logging in then takes a code", async () => {
    const { page, credentials, panel } = await openSecurityTab();
    const appRow = panel.getByRole("heading", { level: 3, name: /^Authenticator app/ });
    expect(await appRow.textContent()).toBe("Authenticator appOff");

    await panel.getByRole("button", { name: "Set up" }).click();
    await expect.poll(isFocused(panel.getByRole("heading", { name: "Set up your authenticator app" }))).toBe(true);
    expect(await panel.getByRole("img", { name: texts.en.qr }).isVisible()).toBe(true);
    // The QR code is drawn here, as an <svg>: no request leaves for a QR service (the suite aborts any that would).
    expect(await panel.getByRole("img", { name: texts.en.qr }).evaluate((element) => element.tagName)).toBe("svg");
    const secret = ((await panel.getByRole("code").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const app = new AuthenticatorApp(secret);

    // Checked here first, then by the server, on the field, which keeps focus.
    const code = panel.getByLabel("Code from the app", { exact: true });
    await panel.getByRole("button", { name: "Turn on" }).click();
    await expect
      .poll(isVisible(panel.getByText("Please enter the 6-digit code from your authenticator app.")))
      .toBe(true);
    await code.fill(app.wrongCode());
    await panel.getByRole("button", { name: "Turn on" }).click();
    await expect
      .poll(isVisible(panel.getByText("That code is not right. Enter the newest code your authenticator app shows.")))
      .toBe(true);
    await expect.poll(isFocused(code)).toBe(true);

    await code.fill(await app.nextCode());
    await panel.getByRole("button", { name: "Turn on" }).click();
    const saveHeading = panel.getByRole("heading", { name: "Save your recovery codes" });
    await expect.poll(isFocused(saveHeading)).toBe(true);
    const codes = await panel
      .getByRole("list", { name: "Your recovery codes" })
      .getByRole("listitem")
      .allTextContents();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    // Downloaded as a text file, one code a line under a title saying whose they are.
    const download = page.waitForEvent("download");
    await panel.getByRole("button", { name: "Download (.txt)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("precis-recovery-codes.txt");
    const content = await readFile((await file.path()) ?? "", "utf8");
    expect(content.split("\n")[0]).toBe(`Precis recovery codes for ${credentials.email}`);
    for (const recoveryCode of codes) expect(content).toContain(`\n${recoveryCode}\n`);
    await expect
      .poll(
        isVisible(
          panel.getByRole("status").filter({ hasText: "Recovery codes downloaded as precis-recovery-codes.txt." }),
        ),
      )
      .toBe(true);

    await panel.getByRole("button", { name: "I've saved them" }).click();
    await expect.poll(isFocused(panel.getByText(texts.en.turnedOn))).toBe(true);
    expect(await panel.getByRole("list", { name: "Your recovery codes" }).count()).toBe(0);
    expect(await appRow.textContent()).toBe("Authenticator appOn");
    expect(await panel.getByText(/^10 recovery codes left/).isVisible()).toBe(true);
    expect(await panel.getByText(/^Turned on \w{3}\.? \d{1,2}, \d{4}/).isVisible()).toBe(true);

    // Logging in now takes the password, then a code; a wrong one is said on the field.
    const login = await openPage();
    await enterPassword(login, credentials);
    await expect.poll(isVisible(secondStepHeading(login))).toBe(true);
    expect(await login.title()).toContain("Two-step verification");
    const loginCode = login.getByLabel("Authentication code", { exact: true });
    await expect.poll(isFocused(loginCode)).toBe(true);
    expect(await login.getByText(`Logging in as ${credentials.email}`).isVisible()).toBe(true);
    // No session until the second step: the profile is still nobody's.
    expect((await callApiFromPage(login, "/api/user-details")).body.userProfile).toBeNull();
    await loginCode.fill(app.wrongCode());
    await verifyCode(login);
    await expect
      .poll(
        isVisible(
          login.getByText(
            "That code is not right. Enter the newest code from your authenticator app, or a recovery code.",
          ),
        ),
      )
      .toBe(true);
    await expect.poll(isFocused(loginCode)).toBe(true);
    await loginCode.fill(await app.nextCode());
    await verifyCode(login);
    await expect.poll(() => pathOf(login)).toBe("/");
    expect((await callApiFromPage(login, "/api/user-details")).body.userProfile.email).toBe(credentials.email);
  });

  it("logs in with a recovery code once, and the tab counts what is left", async () => {
    const page = await openPage();
    const credentials = await signUpInContext(page.context());
    await page.goto("/");
    const { recoveryCodes } = await enableTotpThroughApi(page);
    const [recoveryCode] = recoveryCodes;

    const login = await openPage();
    await enterPassword(login, credentials);
    await expect.poll(isVisible(secondStepHeading(login))).toBe(true);
    await login.getByRole("button", { name: "Can't use your app? Enter a recovery code" }).click();
    const field = login.getByLabel("Recovery code", { exact: true });
    await expect.poll(isFocused(field)).toBe(true);
    await field.fill(recoveryCode ?? "");
    await verifyCode(login);
    await expect.poll(() => pathOf(login)).toBe("/");

    // The same code a second time is refused, saying it was spent (issue 43).
    const again = await openPage();
    await enterPassword(again, credentials);
    await again.getByRole("button", { name: "Can't use your app? Enter a recovery code" }).click();
    await again.getByLabel("Recovery code", { exact: true }).fill(recoveryCode ?? "");
    await verifyCode(again);
    await expect.poll(isVisible(again.getByText(/^This recovery code has already been used\./))).toBe(true);
    expect(pathOf(again)).toBe("/login");
    // Back to the password step, the email kept.
    await again.getByRole("button", { name: "Back to login" }).click();
    await expect.poll(isFocused(again.getByLabel("Password", { exact: true }))).toBe(true);
    expect(await again.getByLabel("Email", { exact: true }).inputValue()).toBe(credentials.email);

    await login.goto("/profile/Security");
    await expect.poll(isVisible(twoStepPanel(login).getByText(/^9 recovery codes left/))).toBe(true);
  });

  it("sends an expired second step back to the password, saying so", async () => {
    const page = await openPage();
    const credentials = await signUpInContext(page.context());
    await page.goto("/");
    await enableTotpThroughApi(page);
    const login = await openPage();
    // Five minutes or five wrong codes later, as the server answers then.
    await login.route("**/api/login/second-factor", (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({
          statusCode: 401,
          error: "Unauthorized",
          message: "This sign-in has expired. Please login again.",
          fields: [{ path: "secondFactorToken", message: "has expired or was used" }],
        }),
      }),
    );
    await enterPassword(login, credentials);
    await login.getByLabel("Authentication code", { exact: true }).fill("123456");
    await verifyCode(login);
    await expect
      .poll(isVisible(login.getByRole("alert").filter({ hasText: "This sign-in has expired. Please login again." })))
      .toBe(true);
    await expect.poll(isFocused(login.getByLabel("Password", { exact: true }))).toBe(true);
    expect(await login.getByLabel("Email", { exact: true }).inputValue()).toBe(credentials.email);
    expect(await login.getByRole("heading", { level: 1, name: "User Login" }).isVisible()).toBe(true);
  });

  it("turns off with a code after a wrong one, and logging in then asks for the password only", async () => {
    const { page, credentials, panel } = await openSecurityTab();
    const { app } = await enableTotpThroughApi(page);
    await page.reload();
    await panel.getByRole("button", { name: "Turn off" }).click();
    const dialog = page.getByRole("dialog", { name: "Turn off two-step verification?" });
    await expect.poll(isFocused(dialog.getByLabel("Password", { exact: true }))).toBe(true);
    // A wrong password is the field's error.
    await dialog.getByLabel("Password", { exact: true }).fill("Not-the-password1");
    await dialog.getByRole("button", { name: "Turn off" }).click();
    await expect.poll(isVisible(dialog.getByText("Bad Password. Please try again"))).toBe(true);

    // A radio group: the arrow keys move to the other way of confirming.
    await dialog.getByRole("radio", { name: "My password" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => dialog.getByRole("radio", { name: "A code" }).isChecked()).toBe(true);
    const code = dialog.getByLabel("Code from your authenticator app or a recovery code", { exact: true });
    await code.fill(app.wrongCode());
    await dialog.getByRole("button", { name: "Turn off" }).click();
    await expect.poll(isVisible(dialog.getByText(/^That code is not right\./))).toBe(true);
    await expect.poll(isFocused(code)).toBe(true);
    await code.fill(await app.nextCode());
    await dialog.getByRole("button", { name: "Turn off" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const news = panel.getByText("Two-step verification is off. Logging in asks for your password only.");
    await expect.poll(isFocused(news)).toBe(true);
    expect(await panel.getByRole("button", { name: "Set up" }).isVisible()).toBe(true);

    const login = await openPage();
    await enterPassword(login, credentials);
    await expect.poll(() => pathOf(login)).toBe("/");
  });

  it("turns off with the password", async () => {
    const { page, credentials, panel } = await openSecurityTab();
    await enableTotpThroughApi(page);
    await page.reload();
    await panel.getByRole("button", { name: "Turn off" }).click();
    const dialog = page.getByRole("dialog", { name: "Turn off two-step verification?" });
    await dialog.getByLabel("Password", { exact: true }).fill(credentials.password);
    await page.keyboard.press("Enter");
    await expect.poll(isVisible(panel.getByRole("button", { name: "Set up" }))).toBe(true);
    expect((await callApiFromPage(page, "/api/mfa")).body.totp.isEnabled).toBe(false);
  });

  it("generates new recovery codes after asking, and the old ones stop working", async () => {
    const { page, credentials, panel } = await openSecurityTab();
    const { recoveryCodes } = await enableTotpThroughApi(page);
    await page.reload();
    await panel.getByRole("button", { name: "Generate new codes" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate new recovery codes?" });
    await expect.poll(isFocused(dialog.getByRole("button", { name: "Generate new codes" }))).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(isFocused(panel.getByRole("heading", { name: "Save your recovery codes" }))).toBe(true);
    const fresh = await panel
      .getByRole("list", { name: "Your recovery codes" })
      .getByRole("listitem")
      .allTextContents();
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    await panel.getByRole("button", { name: "I've saved them" }).click();
    await expect
      .poll(isFocused(panel.getByText("New recovery codes are ready. The old ones no longer work.")))
      .toBe(true);

    const login = await openPage();
    await enterPassword(login, credentials);
    await login.getByRole("button", { name: "Can't use your app? Enter a recovery code" }).click();
    await login.getByLabel("Recovery code", { exact: true }).fill(recoveryCodes[0] ?? "");
    await verifyCode(login);
    await expect.poll(isVisible(login.getByText(/^That code is not right\./))).toBe(true);
    await login.getByLabel("Recovery code", { exact: true }).fill(fresh[0] ?? "");
    await verifyCode(login);
    await expect.poll(() => pathOf(login)).toBe("/");
  });

  it("confirms who you are with the app's code when the sign-in is old", async () => {
    // With the animations: the dialog that asked must have gone, closing animation and all, before the next opens.
    const { page, panel } = await openSecurityTab({ motion: "full" });
    const { app } = await enableTotpThroughApi(page);
    await page.reload();
    let calls = 0;
    await page.route("**/api/mfa/recovery-codes", async (route) => {
      calls += 1;
      if (calls === 1) await route.fulfill(REAUTHENTICATION_REQUIRED);
      else await route.continue();
    });
    const confirmations: unknown[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/reauthenticate") confirmations.push(request.postDataJSON());
    });
    await panel.getByRole("button", { name: "Generate new codes" }).click();
    await page
      .getByRole("dialog", { name: "Generate new recovery codes?" })
      .getByRole("button", { name: "Generate new codes" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect.poll(isFocused(dialog.getByLabel("Password", { exact: true }))).toBe(true);
    // One dialog at a time: the one that asked has gone before this one opened.
    expect(await page.getByRole("dialog", { name: "Generate new recovery codes?" }).count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "Use a passkey" }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Use my authenticator app instead" }).click();
    const code = dialog.getByLabel("Authentication code or recovery code", { exact: true });
    await expect.poll(isFocused(code)).toBe(true);
    await expectNoAxeViolations(page);
    await code.fill(app.wrongCode());
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(isVisible(dialog.getByText(/^That code is not right\./))).toBe(true);
    const rightCode = await app.nextCode();
    await code.fill(rightCode);
    await page.keyboard.press("Enter");
    await expect.poll(isVisible(panel.getByRole("heading", { name: "Save your recovery codes" }))).toBe(true);
    expect(confirmations).toEqual([{ code: expect.any(String) }, { code: rightCode }]);
    expect(calls).toBe(2);
  });
});

describe("an account made with Google", () => {
  it("sets a first password with no current one, and then logs in with it", async () => {
    const page = await openPage();
    const email = await signUpWithGoogle(page.context());
    await page.goto("/profile/Security");
    const form = page.getByRole("region", { name: "Set a password" });
    await expect.poll(isVisible(form)).toBe(true);
    expect(await form.getByLabel("Current password", { exact: true }).count()).toBe(0);
    const password = "Appellate-Brief-42";
    await form.getByLabel("New Password", { exact: true }).fill(password);
    await form.getByLabel("Confirm new password", { exact: true }).fill(password);
    await form.getByRole("button", { name: "Set password" }).click();
    const news = page.getByRole("status").filter({ hasText: "Password set. You can now also log in" });
    await expect.poll(isVisible(news)).toBe(true);
    // The account has a password now: the form asks for it next time.
    await expect.poll(isVisible(page.getByRole("region", { name: "Change password" }))).toBe(true);
    expect(await news.isVisible()).toBe(true);

    const login = await openPage();
    await enterPassword(login, { email, password });
    await expect.poll(() => pathOf(login)).toBe("/");
  });
});

describe("the second factors with the keyboard alone", () => {
  it("sets the app up, saves the codes and turns it off without a pointer", async () => {
    const { page, credentials, panel } = await openSecurityTab();
    const setUp = panel.getByRole("button", { name: "Set up" });
    await setUp.focus();
    await page.keyboard.press("Enter");
    await expect.poll(isFocused(panel.getByRole("heading", { name: "Set up your authenticator app" }))).toBe(true);
    const app = new AuthenticatorApp((await panel.getByRole("code").textContent()) ?? "");
    const code = panel.getByLabel("Code from the app", { exact: true });
    for (let presses = 0; presses < 6 && !(await isFocused(code)()); presses += 1) await page.keyboard.press("Tab");
    expect(await isFocused(code)()).toBe(true);
    await page.keyboard.type(await app.nextCode());
    await page.keyboard.press("Enter");
    await expect.poll(isFocused(panel.getByRole("heading", { name: "Save your recovery codes" }))).toBe(true);
    const saved = panel.getByRole("button", { name: "I've saved them" });
    for (let presses = 0; presses < 6 && !(await isFocused(saved)()); presses += 1) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(isFocused(panel.getByText(texts.en.turnedOn))).toBe(true);

    // Turning off: Tab to its button, the dialog opens on the password.
    const turnOff = panel.getByRole("button", { name: "Turn off" });
    for (let presses = 0; presses < 6 && !(await isFocused(turnOff)()); presses += 1)
      await page.keyboard.press("Shift+Tab");
    expect(await isFocused(turnOff)()).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Turn off two-step verification?" });
    await expect.poll(isFocused(dialog.getByLabel("Password", { exact: true }))).toBe(true);
    // Escape closes it and hands focus back.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(isFocused(turnOff)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(isFocused(dialog.getByLabel("Password", { exact: true }))).toBe(true);
    await page.keyboard.type(credentials.password);
    await page.keyboard.press("Enter");
    await expect
      .poll(isFocused(panel.getByText("Two-step verification is off. Logging in asks for your password only.")))
      .toBe(true);
  });

  it("logs in with the password then the code without a pointer", async () => {
    const page = await openPage();
    const credentials = await signUpInContext(page.context());
    await page.goto("/");
    const { app } = await enableTotpThroughApi(page);
    const login = await openPage();
    await login.goto("/login");
    await login.getByLabel("Email", { exact: true }).focus();
    await login.keyboard.type(credentials.email);
    await login.keyboard.press("Tab");
    await login.keyboard.type(credentials.password);
    await login.keyboard.press("Enter");
    const code = login.getByLabel("Authentication code", { exact: true });
    await expect.poll(isFocused(code)).toBe(true);
    await login.keyboard.type(await app.nextCode());
    await login.keyboard.press("Enter");
    await expect.poll(() => pathOf(login)).toBe("/");
  });
});

const usedCodeTexts = {
  en: {
    useRecovery: "Can't use your app? Enter a recovery code",
    recoveryCode: "Recovery code",
    used: "This recovery code has already been used. Each one works once: enter another of your recovery codes, or the newest code from your authenticator app.",
  },
  fr: {
    useRecovery: "Impossible d’utiliser l’application\u202f? Entrez un code de récupération",
    recoveryCode: "Code de récupération",
    used: "Ce code de récupération a déjà été utilisé. Chacun ne sert qu’une fois\u00a0: entrez un autre de vos codes de récupération, ou le code le plus récent de votre application d’authentification.",
  },
} satisfies Record<Language, unknown>;

describe("a recovery code used before", () => {
  for (const language of ["en", "fr"] as const) {
    for (const width of [1280, 390]) {
      it(`is refused at the login's second step with words that say so (${language}, ${width} px)`, async () => {
        const { page, credentials } = await openSecurityTab({ language, width });
        const { recoveryCodes } = await enableTotpThroughApi(page);
        const [code = ""] = recoveryCodes;
        const words = { ...texts[language], ...usedCodeTexts[language] };
        const logInWithRecoveryCode = async () => {
          const login = await openPage({ language, width });
          await enterPassword(login, credentials, language);
          await login.getByRole("button", { name: words.useRecovery }).click();
          await login.getByLabel(words.recoveryCode, { exact: true }).fill(code);
          await login.getByRole("button", { name: words.verify }).click();
          return login;
        };
        const first = await logInWithRecoveryCode();
        await expect.poll(() => pathOf(first)).toBe("/");

        const again = await logInWithRecoveryCode();
        const error = again.locator(".ant-form-item-explain-error");
        await expect.poll(() => error.textContent()).toBe(words.used);
        // The field says it, and keeps the focus for another code.
        await expect.poll(isFocused(again.getByLabel(words.recoveryCode, { exact: true }))).toBe(true);
        expect(pathOf(again)).toBe("/login");
        await expectNoAxeViolations(again);
      });
    }
  }
});

describe("the second factors' accessibility", () => {
  for (const language of ["en", "fr"] as const) {
    it(`has no axe violations in ${language}: the tab, the setup, the codes, the dialog and the login's second step`, {
      timeout: 120_000,
    }, async () => {
      const { page, credentials } = await openSecurityTab({ language });
      const words = texts[language];
      const panel = twoStepPanel(page);
      await expectNoAxeViolations(page);

      await panel.getByRole("button", { name: words.setUp }).click();
      await expect.poll(isVisible(panel.getByRole("img", { name: words.qr }))).toBe(true);
      await panel.getByRole("button", { name: words.turnOn }).click();
      await expect.poll(() => panel.locator(".ant-form-item-explain-error").count()).toBe(1);
      await expectNoAxeViolations(page);

      const app = new AuthenticatorApp((await panel.getByRole("code").textContent()) ?? "");
      await panel.getByLabel(words.code, { exact: true }).fill(await app.nextCode());
      await panel.getByRole("button", { name: words.turnOn }).click();
      await expect.poll(isVisible(panel.getByRole("list", { name: words.codes }))).toBe(true);
      await expectNoAxeViolations(page);

      await panel.getByRole("button", { name: words.saved }).click();
      await expect.poll(isVisible(panel.getByText(words.turnedOn))).toBe(true);
      await expectNoAxeViolations(page);

      await panel.getByRole("button", { name: words.turnOff }).click();
      await expect.poll(isVisible(page.getByRole("dialog", { name: words.disableDialog }))).toBe(true);
      await expectNoAxeViolations(page);

      const login = await openPage({ language });
      await enterPassword(login, credentials, language);
      await expect.poll(isVisible(login.getByLabel(words.loginCode, { exact: true }))).toBe(true);
      await login.getByRole("button", { name: words.verify }).click();
      await expect.poll(() => login.locator(".ant-form-item-explain-error").count()).toBe(1);
      await expectNoAxeViolations(login);
    });
  }

  it("fits a phone screen without sideways scrolling, the setup and the codes included", async () => {
    const { page } = await openSecurityTab({ width: 390 });
    await expectNoAxeViolations(page);
    const { codes } = await setUpFromTheTab(page);
    expect(codes).toHaveLength(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});
