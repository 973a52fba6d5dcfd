import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerThroughApi, signUpInContext, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations, pathOf, useBrowser } from "./support/browser.ts";
import { overrideEmbeddedClientConfig } from "./support/client-config.ts";
import { waitForMail } from "./support/mailbox.ts";
import { googleIdTokenFor } from "./support/sso-accounts.ts";

const { openPage, baseUrl } = useBrowser({ signInPopups: true });

type PopupChoice =
  | { kind: "new"; email: string; displayName: string }
  | { kind: "existing"; email: string }
  | { kind: "close" };

/** Presses a sign-in button (mouse, or Enter) and acts in the Auth Emulator's own account-chooser popup. */
async function signInThroughPopup(
  page: Page,
  buttonName: string,
  choice: PopupChoice,
  options = { viaKeyboard: false },
) {
  const popupOpened = page.context().waitForEvent("page");
  const button = page.getByRole("button", { name: buttonName });
  if (options.viaKeyboard) {
    await button.focus();
    await page.keyboard.press("Enter");
  } else {
    await button.click();
  }
  const popup = await popupOpened;
  await popup.waitForLoadState("domcontentloaded");
  expect(new URL(popup.url()).pathname).toBe("/emulator/auth/handler");
  // product §7: the account chooser is always forced.
  expect(new URL(popup.url()).searchParams.get("customParameters") ?? "").toContain("select_account");
  if (choice.kind === "close") {
    await popup.close();
    return;
  }
  if (choice.kind === "existing") {
    await popup.locator(".js-reuse-account").filter({ hasText: choice.email }).click();
    return;
  }
  await popup.getByText("Add new account").click();
  await popup.locator("#email-input").fill(choice.email);
  await popup.locator("#display-name-input").fill(choice.displayName);
  await popup.locator("#sign-in").click();
}

/** A Google identity in the emulator with a Precis account, made through the APIs (not the screens). */
async function registerGoogleUserThroughApi(displayName: string) {
  const email = uniqueEmail("google");
  const idToken = await googleIdTokenFor(email, displayName);
  const response = await fetch(`${baseUrl}/api/sso/register`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-requested-with": "XMLHttpRequest",
      authorization: `Basic ${Buffer.from(`${email}:${idToken}`).toString("base64")}`,
    },
    body: JSON.stringify({ email, role: "lawyer" }),
  });
  if (response.status !== 200) throw new Error(`SSO registration failed: ${response.status} ${await response.text()}`);
  return email;
}

/** The profile of the page's session, asked the way the app asks (cookie and stored access key). */
async function getProfile(page: Page) {
  const body = await page.evaluate(async () => {
    const response = await fetch("/api/user-details", {
      headers: { "x-access-key": localStorage.getItem("precis.accessKey") ?? "" },
    });
    return response.json();
  });
  return (body as { userProfile: { email: string; name: string; occupation: string } | null }).userProfile;
}

const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

describe("Google and Microsoft sign-in against the Firebase Auth Emulator", () => {
  it("sends a new Google user to /sso/register, creates the account, then redirects by occupation", async () => {
    const page = await openPage();
    await page.goto("/login");
    await expect.poll(() => page.getByRole("button", { name: "Continue with Google" }).isEnabled()).toBe(true);
    await expectNoAxeViolations(page);

    const email = uniqueEmail("new-google");
    await signInThroughPopup(page, "Continue with Google", { kind: "new", email, displayName: "Marie Tremblay" });

    await page.waitForURL((url) => url.pathname === "/sso/register");
    const query = new URL(page.url()).searchParams;
    expect(query.get("email")).toBe(email);
    expect(query.get("username")).toBe("MarieTremblay");
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "User Details Confirmation" }).isVisible())
      .toBe(true);
    const emailField = page.getByLabel("Email", { exact: true });
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute("readonly")).not.toBeNull();
    await expectNoAxeViolations(page);

    // product §5: the confirmation page's terms message ends with a period.
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await expect.poll(() => page.getByText("You haven't agreed to our terms and conditions.").isVisible()).toBe(true);

    await page.getByRole("combobox", { name: "Occupation" }).selectOption({ label: "Law student" });
    await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
    await page.getByRole("button", { name: "Complete Registration" }).click();

    await expect.poll(() => page.getByRole("heading", { name: "Successful User Registration" }).isVisible()).toBe(true);
    expect(await page.getByText("Hello Marie,").isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    // A law student goes to the case-law site, as after an email registration.
    await page.waitForURL(`${baseUrl}/case-law-site/`, { timeout: 15_000 });
    const profile = await getProfile(page);
    expect(profile).toMatchObject({ email, occupation: "law student" });
    await waitForMail(email, /^Welcome to Precis$/);
  });

  it("signs a returning Google user in and sends them home", async () => {
    const email = await registerGoogleUserThroughApi("Jean Côté");
    const page = await openPage();
    await page.goto("/login");
    await expect.poll(() => page.getByRole("button", { name: "Continue with Google" }).isEnabled()).toBe(true);
    await signInThroughPopup(page, "Continue with Google", { kind: "existing", email });
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: /Jean/ }).isVisible()).toBe(true);
  });

  it("says so when the sign-in popup is closed", async () => {
    const page = await openPage();
    await page.goto("/register");
    await expect.poll(() => page.getByRole("button", { name: "Continue with Microsoft" }).isEnabled()).toBe(true);
    await signInThroughPopup(page, "Continue with Microsoft", { kind: "close" }, { viaKeyboard: true });
    // The SDK notices a closed popup by polling, then waits for a late answer: about ten seconds.
    await expect
      .poll(() => alertWith(page, "SSO Popup has been closed. Please Retry!").isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(pathOf(page)).toBe("/register");
    // The buttons work again.
    expect(await page.getByRole("button", { name: "Continue with Microsoft" }).getAttribute("aria-disabled")).toBe(
      "false",
    );
  });

  it("changes the account's email to a new Google account's, and tells the old address", async () => {
    const page = await openPage();
    const { email: oldEmail } = await signUpInContext(page.context(), { firstName: "Luc" });
    await page.goto("/change-email");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Change Email" }).isVisible()).toBe(true);
    expect(await page.getByText(`Current email: ${oldEmail}`).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    const newEmail = uniqueEmail("moved");
    await signInThroughPopup(page, "Continue with Google", { kind: "new", email: newEmail, displayName: "Luc Roy" });
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Email account updated" }).isVisible())
      .toBe(true);
    expect(await page.getByText("You can now change your Occupation to Student.").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "User Settings" }).getAttribute("href")).toBe("/profile");
    await expectNoAxeViolations(page);
    expect((await getProfile(page))?.email).toBe(newEmail);
    await waitForMail(oldEmail, /email address was changed/);
  });

  it("refuses to change to an email another account uses (409)", async () => {
    const { email: takenEmail } = await registerThroughApi(baseUrl);
    const page = await openPage();
    const { email: ownEmail } = await signUpInContext(page.context());
    await page.goto("/change-email");
    await expect.poll(() => page.getByRole("button", { name: "Continue with Google" }).isEnabled()).toBe(true);
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/sso/change-email"));
    await signInThroughPopup(page, "Continue with Google", { kind: "new", email: takenEmail, displayName: "Someone" });
    expect((await answered).status()).toBe(409);
    await expect.poll(() => alertWith(page, "Email already in use, please try again.").isVisible()).toBe(true);
    expect((await getProfile(page))?.email).toBe(ownEmail);
  });

  it("disables the buttons and says why when sign-in is not configured", async () => {
    const page = await openPage({ language: "fr" });
    // The server of this suite is configured; this page gets the settings an unconfigured server embeds.
    await overrideEmbeddedClientConfig(page, { sso: { isConfigured: false } });
    await page.goto("/login");
    const note = "La connexion avec Google ou Microsoft n’est pas offerte sur ce site.";
    await expect.poll(() => page.getByText(note).isVisible()).toBe(true);
    for (const name of ["Continuer avec Google", "Continuer avec Microsoft"]) {
      const button = page.getByRole("button", { name });
      expect(await button.isDisabled()).toBe(true);
      const describedBy = (await button.getAttribute("aria-describedby")) ?? "";
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain(note);
    }
    await expectNoAxeViolations(page);
  });

  it.each(["en", "fr"] as const)(
    "says on Change email how to change it when sign-in is not configured (%s)",
    async (language) => {
      const page = await openPage({ language, width: 390 });
      await overrideEmbeddedClientConfig(page, { sso: { isConfigured: false } });
      await signUpInContext(page.context());
      await page.goto("/change-email");
      const texts = {
        en: ["Google and Microsoft sign-in are not available on this site", "Write to support@precis.example"],
        fr: ["La connexion avec Google et Microsoft n’est pas offerte sur ce site", "Écrivez à support@precis.example"],
      }[language];
      const notice = page.getByRole("status").filter({ hasText: texts[0] });
      await expect.poll(() => notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toContain(texts[1]);
      expect(await notice.getByRole("link", { name: "support@precis.example" }).getAttribute("href")).toBe(
        "mailto:support@precis.example",
      );
      // No buttons that cannot work.
      expect(await page.getByRole("button", { name: /Google/ }).count()).toBe(0);
      await expectNoAxeViolations(page);
    },
  );

  it("shows the SSO screens in French, accessible at phone width", async () => {
    const page = await openPage({ language: "fr", width: 390 });
    await page.goto(`/sso/register?${new URLSearchParams({ email: uniqueEmail("fr"), username: "Amelie" })}`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Confirmation des renseignements" }).isVisible())
      .toBe(true);
    expect(await page.getByRole("button", { name: "Terminer l’inscription" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    // No Google sign-in in this tab for that email: the page says to start again.
    await page.getByRole("combobox", { name: "Profession" }).selectOption({ label: "Autre" });
    await page.getByRole("checkbox", { name: "J’accepte les conditions d’utilisation" }).check();
    await page.getByRole("button", { name: "Terminer l’inscription" }).click();
    await expect.poll(() => alertWith(page, "a pris fin").isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await signUpInContext(page.context());
    await page.goto("/change-email");
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Changer de courriel" }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Continuer avec Google" }).isEnabled()).toBe(true);
    await expectNoAxeViolations(page);
  });
});
