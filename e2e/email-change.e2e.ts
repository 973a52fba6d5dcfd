import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { readVerificationMail, signUpInContext, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations, isVisible, type Language, useBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/mailbox.ts";

const { openPage } = useBrowser();

const texts = {
  en: {
    confirmTitle: "Take back your email address?",
    confirm: "Take back my email address",
    restored: "Your email address is restored",
    setPassword: "Set a new password",
    failed: "Your email address could not be restored",
    usedLink: "This link was used already, has expired, or is not valid.",
    moved:
      "This code changes an account's email address: it works only while signed in, in the browser where the change was asked for. If you did not ask for it, ignore it.",
  },
  fr: {
    confirmTitle: "Reprendre votre adresse courriel\u202f?",
    confirm: "Reprendre mon adresse courriel",
    restored: "Votre adresse courriel est restaurée",
    setPassword: "Définir un nouveau mot de passe",
    failed: "Votre adresse courriel n’a pas pu être restaurée",
    usedLink: "Ce lien a déjà été utilisé, a expiré ou n’est pas valide.",
    moved:
      "Ce code modifie l’adresse courriel d’un compte\u00a0: il ne fonctionne qu’en étant connecté, dans le navigateur où le changement a été demandé. Si vous n’avez rien demandé, ignorez-le.",
  },
} satisfies Record<Language, unknown>;

/** Moves the page's account to `newEmail` by code, through its own session (a fresh sign-in: no step-up asked). */
async function moveByCode(page: Page, newEmail: string) {
  const headers = {
    "x-requested-with": "XMLHttpRequest",
    "x-access-key": await page.evaluate(() => localStorage.getItem("precis.accessKey") ?? ""),
  };
  const sent = await page.context().request.post("/api/verify-email/resend", { headers, data: { email: newEmail } });
  expect(sent.status()).toBe(200);
  const { code } = await readVerificationMail(newEmail);
  const verified = await page.context().request.post("/api/verify-email", { headers, data: { code } });
  expect(verified.status()).toBe(200);
}

describe("the undo link mailed to the old address (issue 42)", () => {
  it.each(["en", "fr"] as const)(
    "does nothing on opening, takes the address back at the press of its button in a logged-out browser (%s), sends the person to set a password, and works once",
    async (language) => {
      const owner = await openPage({ language });
      const { email } = await signUpInContext(owner.context());
      await owner.goto("/");
      const newEmail = uniqueEmail("moved", "mail.utoronto.ca");
      await moveByCode(owner, newEmail);
      const mail = await waitForMail(email, /email address was changed|courriel de votre compte Precis a été modifiée/);
      const link = /(https?:\/\/\S+\/email-change\/undo\?token=[\w-]+)/.exec(mail.text)?.[1];
      if (!link) throw new Error(`no undo link in: ${mail.text}`);

      const page = await openPage({ language });
      const undoCalls: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/email-change/undo") undoCalls.push(request.method());
      });
      await page.goto(new URL(link).pathname + new URL(link).search);
      // Opening the link (as a mail scanner or a link preview would) undoes nothing: the page asks first.
      await expect
        .poll(isVisible(page.getByRole("heading", { level: 1, name: texts[language].confirmTitle })))
        .toBe(true);
      const button = page.getByRole("main").getByRole("button", { name: texts[language].confirm });
      expect(await button.isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await page.waitForLoadState("networkidle");
      expect(undoCalls).toEqual([]);
      const before = await owner.context().request.get("/api/user-details", {
        headers: { "x-access-key": await owner.evaluate(() => localStorage.getItem("precis.accessKey") ?? "") },
      });
      expect((await before.json()).userProfile.email).toBe(newEmail);

      await button.click();
      const restoredHeading = page.getByRole("heading", { level: 1, name: texts[language].restored });
      await expect.poll(isVisible(restoredHeading)).toBe(true);
      expect(undoCalls).toEqual(["POST"]);
      // Focus moves to the answer's heading, so a screen reader starts from it.
      await expect.poll(() => restoredHeading.evaluate((node) => node === document.activeElement)).toBe(true);
      expect(await page.getByText(email).count()).toBeGreaterThan(0);
      expect(
        await page.getByRole("main").getByRole("link", { name: texts[language].setPassword }).getAttribute("href"),
      ).toBe("/login/find-user");
      await expectNoAxeViolations(page);

      // The owner's own browser was signed out with every other session.
      await owner.reload();
      await expect
        .poll(() =>
          owner.evaluate(async () => {
            const response = await fetch("/api/user-details", {
              headers: { "x-access-key": localStorage.getItem("precis.accessKey") ?? "" },
            });
            return (await response.json()).userProfile;
          }),
        )
        .toBeNull();

      // A link works once.
      await page.reload();
      await expect
        .poll(isVisible(page.getByRole("heading", { level: 1, name: texts[language].confirmTitle })))
        .toBe(true);
      await page.getByRole("main").getByRole("button", { name: texts[language].confirm }).click();
      await expect.poll(isVisible(page.getByRole("heading", { level: 1, name: texts[language].failed }))).toBe(true);
      expect(await page.getByRole("alert").filter({ hasText: texts[language].usedLink }).count()).toBe(1);
      await expectNoAxeViolations(page);
    },
  );
});

describe("a link that moves an account, opened in another browser", () => {
  it("moves nothing and says where to use it", async () => {
    const asker = await openPage();
    const { email } = await signUpInContext(asker.context());
    await asker.goto("/");
    const headers = {
      "x-requested-with": "XMLHttpRequest",
      "x-access-key": await asker.evaluate(() => localStorage.getItem("precis.accessKey") ?? ""),
    };
    const newEmail = uniqueEmail("elsewhere", "mail.utoronto.ca");
    const sent = await asker.context().request.post("/api/verify-email/resend", { headers, data: { email: newEmail } });
    expect(sent.status()).toBe(200);
    const { link } = await readVerificationMail(newEmail);

    const stranger = await openPage();
    await stranger.goto(new URL(link).pathname + new URL(link).search);
    await expect
      .poll(isVisible(stranger.getByRole("heading", { level: 1, name: "Your email address could not be verified" })))
      .toBe(true);
    expect(await stranger.getByRole("alert").filter({ hasText: texts.en.moved }).count()).toBe(1);
    await expectNoAxeViolations(stranger);
    const profile = await asker.context().request.get("/api/user-details", { headers });
    expect((await profile.json()).userProfile.email).toBe(email);
  });
});
