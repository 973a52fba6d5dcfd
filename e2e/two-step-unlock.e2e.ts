import { describe, expect, it } from "vitest";
import { signUpInContext } from "./support/accounts.ts";
import { expectNoAxeViolations, isFocused, isVisible, type Language, useBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/mailbox.ts";
import { enableTotpThroughApi } from "./support/second-factors.ts";
import { callApiFromPage } from "./support/sessions.ts";

const { openPage, baseUrl } = useBrowser();

const texts = {
  en: {
    heading: "Unlock two-step verification",
    action: "Unlock",
    success: "Two-step verification is unlocked",
    failure: "This link does not work",
  },
  fr: {
    heading: "Débloquer la vérification en deux étapes",
    action: "Débloquer",
    success: "La vérification en deux étapes est débloquée",
    failure: "Ce lien ne fonctionne pas",
  },
} satisfies Record<Language, unknown>;

const LOCK_MAIL = /^Two-step verification for your Precis account is locked$/;
const xhr = { "x-requested-with": "XMLHttpRequest", "content-type": "application/json" };

/** Wrong codes at the sign-in's second step: a password login, then five codes a second-step token. */
async function guessAtSignIn(email: string, password: string, codes: string[]) {
  let token = "";
  for (const [index, code] of codes.entries()) {
    if (index % 5 === 0) {
      const login = await fetch(`${baseUrl}/api/login`, {
        method: "POST",
        headers: {
          "x-requested-with": "XMLHttpRequest",
          authorization: `Basic ${Buffer.from(`${email}:${password}`).toString("base64")}`,
        },
      });
      const body = (await login.json()) as { secondFactorToken?: string };
      if (!body.secondFactorToken) throw new Error(`login: ${login.status} ${JSON.stringify(body)}`);
      token = body.secondFactorToken;
    }
    const answer = await fetch(`${baseUrl}/api/login/second-factor`, {
      method: "POST",
      headers: xhr,
      body: JSON.stringify({ secondFactorToken: token, code }),
    });
    if (answer.status !== 401) throw new Error(`second step: ${answer.status} ${await answer.text()} (token ${token})`);
  }
}

describe("the emailed link that unlocks a locked second step (decision 042)", () => {
  it.each(["en", "fr"] as const)("unlocks on a press of its button only, once (%s)", async (language) => {
    const t = texts[language];
    const owner = await openPage({ language });
    const account = await signUpInContext(owner.context());
    await owner.goto("/");
    const { app } = await enableTotpThroughApi(owner);

    // 20 wrong codes in a row lock the second step, wherever they are typed: 9 at the step-up (its own limit is
    // 10 tries a window), 10 at the sign-in's second step, and the last where the app is turned off.
    for (let guess = 0; guess < 9; guess += 1) {
      const answer = await callApiFromPage(owner, "/api/reauthenticate", {
        method: "POST",
        body: { code: app.wrongCode() },
      });
      expect(answer.status).toBe(401);
    }
    await guessAtSignIn(
      account.email,
      account.password,
      Array.from({ length: 10 }, () => app.wrongCode()),
    );
    const last = await callApiFromPage(owner, "/api/mfa/totp/disable", {
      method: "POST",
      body: { code: app.wrongCode() },
    });
    expect(last.status).toBe(403);
    const lockMail = await waitForMail(account.email, LOCK_MAIL);
    const link = /https?:\/\/\S+\/two-step\/unlock\?token=[\w-]+/.exec(lockMail.text)?.[0];
    if (!link) throw new Error(`no unlock link in: ${lockMail.text}`);
    // While the lock holds, any code is refused as locked (403), not as wrong (401), so a wrong code tells without
    // spending one of the app's. Once unlocked, the right code turns the app off.
    const isLocked = async () =>
      (await callApiFromPage(owner, "/api/mfa/totp/disable", { method: "POST", body: { code: app.wrongCode() } }))
        .status === 403;
    expect(await isLocked()).toBe(true);

    // Opened, as a mail scanner would open it: the page asks, and nothing is unlocked yet.
    const visitor = await openPage({ language });
    await visitor.goto(new URL(link).pathname + new URL(link).search);
    const unlock = visitor.getByRole("button", { name: t.action, exact: true });
    await expect.poll(isVisible(visitor.getByRole("heading", { name: t.heading }))).toBe(true);
    await expect.poll(isVisible(unlock)).toBe(true);
    await expectNoAxeViolations(visitor);
    expect(await isLocked()).toBe(true);

    // By keyboard: the press unlocks, and the right code then confirms.
    await unlock.focus();
    expect(await isFocused(unlock)()).toBe(true);
    await visitor.keyboard.press("Enter");
    await expect.poll(isVisible(visitor.getByRole("heading", { name: t.success }))).toBe(true);
    await expectNoAxeViolations(visitor);
    const turnOff = await callApiFromPage(owner, "/api/mfa/totp/disable", {
      method: "POST",
      body: { code: await app.nextCode() },
    });
    expect(turnOff.status).toBe(200);

    // The link works once: pressed again, it says so and offers the reset.
    await visitor.reload();
    await visitor.getByRole("button", { name: t.action, exact: true }).click();
    await expect.poll(isVisible(visitor.getByRole("heading", { name: t.failure }))).toBe(true);
    await expectNoAxeViolations(visitor);
  });
});
