import { readFile } from "node:fs/promises";
import { formatLongDate } from "@precis/contract/dates";
import { LEGAL_DOCUMENTS } from "@precis/contract/legal";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerThroughApi, signUpInContext } from "./support/accounts.ts";
import { expectNoAxeViolations, isFocused, isVisible, type Language, pathOf, useBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/mailbox.ts";
import { REAUTHENTICATION_REQUIRED } from "./support/reauthentication.ts";
import { callApiFromPage, logInContext } from "./support/sessions.ts";

const { openPage, baseUrl } = useBrowser();

const DELETION_SUBJECT = /^(Your Precis account will be deleted|Votre compte Precis sera supprimé)$/;

const texts = {
  en: {
    tab: "Privacy",
    export: "Download my data",
    consents: "Consents",
    delete: "Delete my account",
    dialog: "Delete your account?",
    confirmation: "To confirm, type your email address or DELETE",
    deletionTitle: /^Your account will be deleted on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
    kept: "Your account will not be deleted.",
    banner: "Account deletion",
    keep: "Keep my account",
    addPasskey: "Add a passkey",
    securityLoading: /^Loading your/,
    prompt: "We updated our Terms of Service and Privacy Policy",
    accept: "Accept and continue",
    confirmIdentity: "Confirm it's you",
  },
  fr: {
    tab: "Confidentialité",
    export: "Télécharger mes données",
    consents: "Consentements",
    delete: "Supprimer mon compte",
    dialog: "Supprimer votre compte\u202f?",
    confirmation: "Pour confirmer, tapez votre adresse courriel ou SUPPRIMER",
    deletionTitle: /^Votre compte sera supprimé le \d{1,2} [a-zéû]+ \d{4}\.$/,
    kept: "Votre compte ne sera pas supprimé.",
    banner: "Suppression du compte",
    keep: "Garder mon compte",
    addPasskey: "Ajouter une clé d’accès",
    securityLoading: /^Chargement de vos/,
    prompt: "Nous avons mis à jour nos Conditions d’utilisation et notre Politique de confidentialité",
    accept: "Accepter et continuer",
    confirmIdentity: "Confirmez votre identité",
  },
} satisfies Record<Language, unknown>;

async function openPrivacyTab(options: { language?: Language; width?: number } = {}) {
  const page = await openPage(options);
  const credentials = await signUpInContext(page.context(), { firstName: "Marie", lastName: "Tremblay" });
  await page.goto("/profile/PRIVACY");
  await expect.poll(() => pathOf(page)).toBe("/profile/Privacy");
  const language = options.language ?? "en";
  await expect.poll(isVisible(page.getByRole("heading", { level: 2, name: texts[language].export }))).toBe(true);
  return { page, credentials };
}

/** The emailed link that cancels the deletion, and the day the email names. */
async function readDeletionMail(email: string) {
  const mail = await waitForMail(email, DELETION_SUBJECT);
  const link = /(https?:\/\/\S+\/account\/deletion\/cancel\?token=[\w-]+)/.exec(mail.text)?.[1];
  const day = /deleted on ([A-Z][a-z]+ \d{1,2}, \d{4})\./.exec(mail.text)?.[1];
  if (!link) throw new Error(`no cancel link in: ${mail.text}`);
  return { link, day };
}

describe("downloading my data", () => {
  it("saves the export as the server names it, busy while it runs", async () => {
    const { page, credentials } = await openPrivacyTab();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/account/export", async (route) => {
      await held;
      await route.continue();
    });
    const button = page.getByRole("button", { name: "Download my data" });
    const download = page.waitForEvent("download");
    await button.click();
    await expect.poll(() => button.getAttribute("aria-busy")).toBe("true");
    release();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^precis-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await file.path()) ?? "", "utf8"));
    expect(exported.formatVersion).toBe(1);
    expect(exported.account.email).toBe(credentials.email);
    expect(exported.account.firstName).toBe("Marie");
    await expect
      .poll(
        isVisible(
          page.getByRole("status").filter({ hasText: `Your data was downloaded as ${file.suggestedFilename()}.` }),
        ),
      )
      .toBe(true);
    expect(await button.getAttribute("aria-busy")).toBe("false");
  });

  it("asks for the password when the sign-in is old, then downloads", async () => {
    const { page, credentials } = await openPrivacyTab();
    // The server's clock is real: a sign-in 15 minutes old is played by its answer to the first request.
    let exportRequests = 0;
    await page.route("**/api/account/export", async (route) => {
      exportRequests += 1;
      if (exportRequests === 1) await route.fulfill(REAUTHENTICATION_REQUIRED);
      else await route.continue();
    });
    const confirmations: unknown[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/reauthenticate") confirmations.push(request.postDataJSON());
    });

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download my data" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect.poll(isVisible(dialog)).toBe(true);
    const password = dialog.getByLabel("Password", { exact: true });
    await expect.poll(isFocused(password)).toBe(true);
    await expectNoAxeViolations(page);

    // Empty, then wrong: said on the field, which keeps focus.
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(isVisible(dialog.getByText("Please enter your password."))).toBe(true);
    await password.fill("Not-the-password1");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(isVisible(dialog.getByText("Bad Password. Please try again"))).toBe(true);
    await expect.poll(isFocused(password)).toBe(true);

    await password.fill(credentials.password);
    await page.keyboard.press("Enter");
    const file = await download;
    expect(JSON.parse(await readFile((await file.path()) ?? "", "utf8")).account.email).toBe(credentials.email);
    expect(confirmations).toEqual([{ password: "Not-the-password1" }, { password: credentials.password }]);
    expect(exportRequests).toBe(2);
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it("does nothing, and says nothing wrong, when the password dialog is closed", async () => {
    const { page } = await openPrivacyTab();
    await page.route("**/api/account/export", (route) => route.fulfill(REAUTHENTICATION_REQUIRED));
    const button = page.getByRole("button", { name: "Download my data" });
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect.poll(isVisible(dialog)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => button.getAttribute("aria-busy")).toBe("false");
    expect(await page.getByRole("alert").count()).toBe(0);
  });

  it("offers an account without a password to log in again", async () => {
    const { page } = await openPrivacyTab({ language: "fr" });
    await page.route("**/api/account/export", (route) => route.fulfill(REAUTHENTICATION_REQUIRED));
    // A Google or Microsoft account has no password to confirm: the server answers 409.
    await page.route("**/api/reauthenticate", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ statusCode: 409, error: "Conflict", message: "…" }),
      }),
    );
    await page.getByRole("button", { name: texts.fr.export }).click();
    const dialog = page.getByRole("dialog", { name: texts.fr.confirmIdentity });
    await dialog.getByLabel("Mot de passe", { exact: true }).fill("anything");
    await dialog.getByRole("button", { name: "Confirmer" }).click();
    const reauthDialog = page.getByRole("dialog", { name: "Reconnectez-vous pour continuer" });
    await expect.poll(isVisible(reauthDialog)).toBe(true);
    const logInAgain = reauthDialog.getByRole("button", { name: "Se reconnecter" });
    await expect.poll(isFocused(logInAgain)).toBe(true);
    await expectNoAxeViolations(page);
    await logInAgain.click();
    await expect.poll(() => pathOf(page)).toBe("/login");
    expect((await callApiFromPage(page, "/api/user-details")).body.userProfile).toBeNull();
  });
});

describe("consents", () => {
  it("lists the versions accepted at registration, with links to both documents", async () => {
    const { page } = await openPrivacyTab();
    const panel = page.getByRole("region", { name: "Consents" });
    const today = await page.evaluate(() => new Intl.DateTimeFormat("en-CA", { dateStyle: "long" }).format(new Date()));
    // Each document's row: its name, then what was accepted and when.
    const rowOf = (name: string) =>
      panel.getByRole("term").filter({ hasText: name }).locator("xpath=following-sibling::dd[1]");
    const terms = rowOf("Terms of Service");
    const privacy = rowOf("Privacy Policy");
    await expect
      .poll(isVisible(terms.getByText(`Version ${LEGAL_DOCUMENTS.terms.version}, accepted on ${today}`)))
      .toBe(true);
    expect(
      await privacy.getByText(`Version ${LEGAL_DOCUMENTS.privacy.version}, accepted on ${today}`).isVisible(),
    ).toBe(true);
    expect(await panel.getByRole("link", { name: "Read the Terms of Service" }).getAttribute("href")).toBe("/terms");
    expect(await panel.getByRole("link", { name: "Read the Privacy Policy" }).getAttribute("href")).toBe("/privacy");
  });
});

describe("deleting my account", () => {
  it("asks for the address or DELETE, signs out, and the emailed link keeps the account", async () => {
    const { page, credentials } = await openPrivacyTab();
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect.poll(isVisible(dialog)).toBe(true);
    const field = dialog.getByLabel(texts.en.confirmation);
    const submit = dialog.getByRole("button", { name: "Delete my account" });
    await expect.poll(isFocused(field)).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    await field.fill("delete it");
    expect(await submit.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    // Cancel deletes nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await callApiFromPage(page, "/api/user-details")).body.userProfile.deletionScheduledFor).toBeUndefined();

    await page.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByLabel(texts.en.confirmation).fill(credentials.email.toUpperCase());
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();

    // Signed out everywhere, this browser too, on a page that says what happens next.
    const heading = page.getByRole("heading", { level: 1, name: texts.en.deletionTitle });
    await expect.poll(isVisible(heading)).toBe(true);
    expect(pathOf(page)).toBe("/account/deletion/scheduled");
    expect(await page.getByText("We sent you an email with a link that cancels the deletion.").isVisible()).toBe(true);
    expect(
      await page
        .getByText("Changed your mind? Log in before then, and you will be offered to keep your account.")
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole("main").getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
    expect(await page.getByRole("button", { name: /^Account menu/ }).count()).toBe(0);
    expect((await callApiFromPage(page, "/api/user-details")).body.userProfile).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("precis.accessKey"))).toBeNull();
    await expectNoAxeViolations(page);
    // The history state keeps the page through a reload.
    await page.reload();
    await expect.poll(isVisible(heading)).toBe(true);

    const { link, day } = await readDeletionMail(credentials.email);
    expect(await heading.textContent()).toBe(`Your account will be deleted on ${day}.`);

    // The link, in a browser that is not signed in: it cancels once, as the page opens.
    const fresh = await openPage();
    const cancelCalls: unknown[] = [];
    fresh.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/account/delete/cancel") cancelCalls.push(request.postDataJSON());
    });
    const url = new URL(link);
    await fresh.goto(`${url.pathname}${url.search}`);
    await expect.poll(isVisible(fresh.getByRole("heading", { level: 1, name: texts.en.kept }))).toBe(true);
    expect(cancelCalls).toEqual([{ token: url.searchParams.get("token") }]);
    expect(await fresh.getByRole("main").getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
    await expectNoAxeViolations(fresh);

    // The account is whole: it logs in, with no deletion pending.
    await logInContext(fresh.context(), credentials);
    await fresh.goto("/");
    await expect
      .poll(async () => (await callApiFromPage(fresh, "/api/user-details")).body.userProfile?.email)
      .toBe(credentials.email);
    expect((await callApiFromPage(fresh, "/api/user-details")).body.userProfile.deletionScheduledFor).toBeUndefined();
    expect(await fresh.getByRole("region", { name: texts.en.banner }).count()).toBe(0);

    // A second use of the link has nothing left to cancel.
    const again = await openPage({ language: "fr" });
    await again.goto(`${url.pathname}${url.search}`);
    await expect
      .poll(isVisible(again.getByRole("heading", { level: 1, name: "La suppression n’a pas pu être annulée" })))
      .toBe(true);
    expect(
      await again.getByRole("alert").filter({ hasText: "Il n’y a aucune suppression à annuler" }).isVisible(),
    ).toBe(true);
    await expectNoAxeViolations(again);
  });

  it("works with the keyboard alone, in French", async () => {
    const { page, credentials } = await openPrivacyTab({ language: "fr" });
    const button = page.getByRole("button", { name: texts.fr.delete });
    await button.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: texts.fr.dialog });
    const field = dialog.getByLabel(texts.fr.confirmation);
    await expect.poll(isFocused(field)).toBe(true);
    await expectNoAxeViolations(page);
    // Enter does nothing until the confirmation is typed.
    await page.keyboard.press("Enter");
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.type("supprimer");
    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { level: 1, name: texts.fr.deletionTitle });
    await expect.poll(isVisible(heading)).toBe(true);
    await expectNoAxeViolations(page);
    await waitForMail(credentials.email, DELETION_SUBJECT);
  });
});

describe("the pending-deletion banner", () => {
  for (const language of ["en", "fr"] as const) {
    it(`shows on every signed-in page until Keep my account (${language})`, async () => {
      const credentials = await registerThroughApi(baseUrl);
      const page = await openPage({ language });
      const words = texts[language];
      // Scheduled through the API, which signs every session out; then logged in again, as the owner would.
      const accessKey = await logInContext(page.context(), credentials);
      const scheduled = await page.context().request.post("/api/account/delete", {
        headers: { "x-requested-with": "XMLHttpRequest", "x-access-key": accessKey },
      });
      expect(scheduled.status()).toBe(200);
      const { deletionScheduledFor } = (await scheduled.json()) as { deletionScheduledFor: string };
      await logInContext(page.context(), credentials);

      await page.goto("/");
      const banner = page.getByRole("region", { name: words.banner });
      await expect.poll(isVisible(banner)).toBe(true);
      // The day as the page writes it ("1er janvier" in French), in the browser's time zone.
      const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const day = formatLongDate(new Date(deletionScheduledFor), language, { timeZone });
      expect(await banner.textContent()).toContain(
        language === "fr" ? `Votre compte sera supprimé le ${day}.` : `Your account will be deleted on ${day}.`,
      );
      await expectNoAxeViolations(page);
      await page.goto("/profile/Security");
      await expect.poll(isVisible(banner)).toBe(true);
      // The tab's own answers in too (its sign-in methods enable "Add a passkey"): the screen judged below
      // would otherwise still be changing while axe reads its colours.
      await expect.poll(() => page.getByRole("button", { name: words.addPasskey }).isEnabled()).toBe(true);
      await expect.poll(() => page.getByRole("status", { name: words.securityLoading }).count()).toBe(0);

      const keep = banner.getByRole("button", { name: words.keep });
      await keep.focus();
      await page.keyboard.press("Enter");
      const kept = page.getByRole("status").filter({ hasText: words.kept });
      await expect.poll(isVisible(kept)).toBe(true);
      expect(await banner.count()).toBe(0);
      await expect.poll(isFocused(kept.locator(".."))).toBe(true);
      expect((await callApiFromPage(page, "/api/user-details")).body.userProfile.deletionScheduledFor).toBeUndefined();
      await expectNoAxeViolations(page);

      await page.goto("/");
      await expect.poll(isVisible(page.getByRole("heading", { level: 1 }))).toBe(true);
      expect(await banner.count()).toBe(0);
    });
  }
});

describe("an unverified account with a deletion pending", () => {
  it("is asked one thing, to keep the account, and its address again once it is kept", async () => {
    const credentials = await registerThroughApi(baseUrl, {}, { verified: false });
    const page = await openPage();
    const accessKey = await logInContext(page.context(), credentials);
    const scheduled = await page.context().request.post("/api/account/delete", {
      headers: { "x-requested-with": "XMLHttpRequest", "x-access-key": accessKey },
    });
    expect(scheduled.status()).toBe(200);
    await logInContext(page.context(), credentials);

    await page.goto("/");
    const deletion = page.getByRole("region", { name: texts.en.banner });
    const verification = page.getByRole("region", { name: "Email verification" });
    await expect.poll(isVisible(deletion)).toBe(true);
    await expect.poll(isVisible(page.getByRole("heading", { level: 1 }))).toBe(true);
    expect(await verification.count()).toBe(0);
    expect(await page.locator(".home-card .notice").count()).toBe(0);

    await deletion.getByRole("button", { name: texts.en.keep }).click();
    await expect.poll(isVisible(verification)).toBe(true);
    await expectNoAxeViolations(page);
  });
});

describe("the consent prompt", () => {
  /** Plays the server's answer for an account that accepted older versions, until the page accepts the new ones. */
  async function withTermsChanged(page: Page) {
    const accepted: unknown[] = [];
    await page.route("**/api/consents", async (route) => {
      if (route.request().method() === "POST") accepted.push(route.request().postDataJSON());
      await route.continue();
    });
    await page.route("**/api/user-details", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (body.userProfile && accepted.length === 0) body.userProfile.mustAcceptTerms = true;
      await route.fulfill({ response, json: body });
    });
    return accepted;
  }

  for (const language of ["en", "fr"] as const) {
    it(`asks to accept the new versions before going on, and cannot be dismissed (${language})`, async () => {
      const page = await openPage({ language });
      await signUpInContext(page.context());
      const accepted = await withTermsChanged(page);
      const words = texts[language];
      await page.goto("/profile/UserSettings");
      const dialog = page.getByRole("dialog", { name: words.prompt });
      await expect.poll(isVisible(dialog)).toBe(true);
      const accept = dialog.getByRole("button", { name: words.accept });
      await expect.poll(isFocused(accept)).toBe(true);
      // The documents open in a tab of their own, so this page and its prompt stay as they are.
      const links = dialog.getByRole("link");
      expect(await links.count()).toBe(2);
      expect(await links.nth(0).getAttribute("href")).toBe("/terms");
      expect(await links.nth(1).getAttribute("href")).toBe("/privacy");
      for (const index of [0, 1]) expect(await links.nth(index).getAttribute("target")).toBe("_blank");
      await expectNoAxeViolations(page);

      // Neither Escape nor a click beside it closes it.
      await page.keyboard.press("Escape");
      await page.mouse.click(5, 5);
      expect(await dialog.isVisible()).toBe(true);

      await accept.click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(accepted).toEqual([{ terms: LEGAL_DOCUMENTS.terms.version, privacy: LEGAL_DOCUMENTS.privacy.version }]);
    });
  }

  it("lets the account log out instead", async () => {
    const page = await openPage();
    await signUpInContext(page.context());
    const accepted = await withTermsChanged(page);
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: texts.en.prompt });
    await expect.poll(isVisible(dialog)).toBe(true);
    await dialog.getByRole("button", { name: "Log out" }).click();
    await expect.poll(() => pathOf(page)).toBe("/login");
    expect(accepted).toEqual([]);
    expect(await dialog.count()).toBe(0);
  });
});

const summaryTexts = {
  en: {
    show: "Show my data on this page",
    heading: "Your data, to read",
    sections: [
      "Account",
      "Consents",
      "Google and Microsoft sign-in",
      "Memo presets",
      "Sessions",
      "Browsers you logged in from",
      "Two-step verification and passkeys",
      "Security events",
      "Subscriptions",
      "Access",
      "Memos by month",
      "Access reminders sent",
      "Emails we sent you",
    ],
    registered: "Account created",
    terms: "Terms of Service",
    trial: "Free trial",
  },
  fr: {
    show: "Afficher mes données sur cette page",
    heading: "Vos données, à lire",
    sections: [
      "Compte",
      "Consentements",
      "Connexion Google et Microsoft",
      "Préréglages des mémos",
      "Sessions",
      "Navigateurs depuis lesquels vous vous êtes connecté",
      "Vérification en deux étapes et clés d’accès",
      "Événements de sécurité",
      "Abonnements",
      "Accès",
      "Mémos par mois",
      "Rappels d’accès envoyés",
      "Courriels que nous vous avons envoyés",
    ],
    registered: "Compte créé",
    terms: "Conditions d’utilisation",
    trial: "Essai gratuit",
  },
} satisfies Record<Language, unknown>;

describe("the readable summary of my data", () => {
  for (const language of ["en", "fr"] as const) {
    for (const width of [1280, 390]) {
      it(`shows the export's own data in words, part by part (${language}, ${width} px)`, async () => {
        const words = summaryTexts[language];
        const { page, credentials } = await openPrivacyTab({ language, width });
        await page.getByRole("button", { name: words.show }).click();
        const summary = page.getByRole("region", { name: words.heading });
        // Its heading takes focus as it arrives below the buttons.
        await expect.poll(isFocused(summary.getByRole("heading", { level: 3, name: words.heading }))).toBe(true);
        const headings = await summary.getByRole("heading", { level: 3 }).allTextContents();
        expect(headings).toEqual([words.heading, ...words.sections]);
        // What the file holds: the export, asked again, has as many entries (and one more security event, the
        // summary's own reading of the data).
        const exported = (await callApiFromPage(page, "/api/account/export")).body as {
          account: { email: string; firstName: string };
          emails: unknown[];
          sessions: unknown[];
          securityEvents: unknown[];
        };
        const text = await summary.innerText();
        expect(text).toContain(credentials.email);
        expect(text).toContain(exported.account.firstName);
        expect(text).toContain(words.registered);
        expect(text).toContain(words.terms);
        expect(text).toContain(words.trial);
        const listOf = (heading: string) =>
          summary.locator("section", { has: page.getByRole("heading", { level: 3, name: heading, exact: true }) });
        expect(
          await listOf(words.sections[12] ?? "")
            .getByRole("listitem")
            .count(),
        ).toBe(exported.emails.length);
        expect(
          await listOf(words.sections[4] ?? "")
            .getByRole("listitem")
            .count(),
        ).toBe(exported.sessions.length);
        expect(
          await listOf(words.sections[7] ?? "")
            .getByRole("listitem")
            .count(),
        ).toBe(exported.securityEvents.length - 1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectNoAxeViolations(page);
      });
    }
  }
});

describe("the Privacy tab's accessibility", () => {
  for (const language of ["en", "fr"] as const) {
    it(`has no axe violations in ${language}`, async () => {
      const { page } = await openPrivacyTab({ language });
      await expect
        .poll(isVisible(page.getByRole("region", { name: texts[language].consents }).getByRole("link").first()))
        .toBe(true);
      await expectNoAxeViolations(page);
    });
  }

  it("fits a phone screen without sideways scrolling", async () => {
    const { page } = await openPrivacyTab({ width: 390 });
    await expect.poll(isVisible(page.getByRole("region", { name: "Consents" }).getByRole("link").first())).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
