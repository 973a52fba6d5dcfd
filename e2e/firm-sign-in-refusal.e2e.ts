import { describe, expect, it } from "vitest";
import { readVerificationMail, TEST_PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations, useBrowser } from "./support/browser.ts";
import { invitationPathIn } from "./support/firm-screens.ts";
import { waitForMail } from "./support/mailbox.ts";
import { apiCallerOf } from "./support/sessions.ts";
import { googleIdTokenFor } from "./support/sso-accounts.ts";

const { openPage, baseUrl } = useBrowser();

const LEAVE_SUBJECT = /^(Leave your firm on|Quitter votre cabinet sur) Precis$/;
const INVITATION_SUBJECT = /^(An invitation to join a firm on|Une invitation à rejoindre un cabinet sur) Precis$/;

/**
 * An account registered and verified through the API with its cookie session, for the steps the test does not walk
 * on screen (the firm, its invitation, its policy). `call` answers the status and the parsed body.
 */
async function registerWithSession(label: string) {
  const email = uniqueEmail(label.toLowerCase());
  const xhr = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: xhr,
    body: JSON.stringify({ email, password: TEST_PASSWORD, role: "lawyer", firstName: label, lastName: "Tremblay" }),
  });
  expect(registered.status).toBe(200);
  const call = apiCallerOf(baseUrl, registered);
  const { code } = await readVerificationMail(email);
  expect((await call("POST", "/api/verify-email", { code })).status).toBe(200);
  return { email, call };
}

/** A password login's status, outside the browser. */
async function logInStatus(email: string) {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: {
      "x-requested-with": "XMLHttpRequest",
      authorization: `Basic ${Buffer.from(`${email}:${TEST_PASSWORD}`).toString("base64")}`,
    },
  });
  return response.status;
}

/**
 * An owner made with Google through the Auth Emulator and the API, with her session: a Google-only policy leaves her
 * a way in, as the server demands of whoever saves it (issue 56, finding 2).
 */
async function registerWithGoogleSession(label: string) {
  const email = uniqueEmail(label.toLowerCase());
  const idToken = await googleIdTokenFor(email, `${label} Tremblay`);
  const xhr = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
  const registered = await fetch(`${baseUrl}/api/sso/register`, {
    method: "POST",
    headers: { ...xhr, authorization: `Basic ${Buffer.from(`${email}:${idToken}`).toString("base64")}` },
    body: JSON.stringify({ email, role: "lawyer" }),
  });
  expect(registered.status).toBe(200);
  const call = apiCallerOf(baseUrl, registered);
  return { email, call };
}

const texts = {
  en: {
    email: "Email",
    password: "Password",
    submit: "Login",
    leaveByEmail: "Can't sign in the way your firm allows? Leave the firm by email",
    requestTitle: "Leave your firm by email",
    send: "Email me a link",
    sent: "If this address belongs to a member of a firm, we emailed it a link to leave the firm. The link is valid 24 hours.",
    leave: "Leave the firm",
    leftTitle: "You left the firm",
    refusal: (firm: string, admin: string) =>
      `Your firm, “${firm}”, allows signing in only with Google or Microsoft. Sign in that way instead, or ask its administrators: ${admin}.`,
  },
  fr: {
    email: "Courriel",
    password: "Mot de passe",
    submit: "Se connecter",
    leaveByEmail: "Impossible de vous connecter comme votre cabinet l’autorise\u202f? Quittez le cabinet par courriel",
    requestTitle: "Quitter votre cabinet par courriel",
    send: "M’envoyer un lien",
    sent: "Si cette adresse appartient au membre d’un cabinet, nous lui avons envoyé un lien pour quitter le cabinet. Le lien est valide 24 heures.",
    leave: "Quitter le cabinet",
    leftTitle: "Vous avez quitté le cabinet",
    refusal: (firm: string, admin: string) =>
      `Votre cabinet, «\u00a0${firm}\u00a0», n’autorise la connexion qu’avec Google ou Microsoft. Connectez-vous de cette façon, ou adressez-vous à ses administrateurs\u00a0: ${admin}.`,
  },
} as const;

/*
 * Issue 56, finding 1: a password sign-in the member's firm refuses says why, in the reader's language, naming
 * the firm and whom to ask (issue 53), where it said "Unknown Error".
 */
describe.each(["en", "fr"] as const)("a sign-in the firm refuses (%s)", (language) => {
  const t = texts[language];

  it("says which firm refuses it, the methods it allows and its administrators, not an unknown error", async () => {
    const owner = await registerWithGoogleSession("Anne");
    const member = await registerWithSession("Louis");
    const firmName = `Refus ${language} ${Date.now().toString(36)}`;
    expect((await owner.call("POST", "/api/firms", { name: firmName })).status).toBe(200);
    expect((await owner.call("POST", "/api/firm/invitations", { email: member.email, role: "member" })).status).toBe(
      200,
    );
    const invitation = await waitForMail(member.email, INVITATION_SUBJECT);
    const token = new URL(invitationPathIn(invitation.text), baseUrl).searchParams.get("token");
    expect((await member.call("POST", "/api/firm/invitations/accept", { token })).status).toBe(200);
    const changed = await owner.call("PATCH", "/api/firm", { policies: { signInMethods: ["google", "microsoft"] } });
    expect(changed.status).toBe(200);

    const page = await openPage({ language });
    await page.goto("/login");
    await page.getByLabel(t.email, { exact: true }).fill(member.email);
    await page.getByLabel(t.password, { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: t.submit, exact: true }).click();
    const alert = page.getByRole("alert").filter({ hasText: firmName });
    await expect
      .poll(() => alert.locator(".notice-title").textContent(), { timeout: 15_000 })
      .toBe(t.refusal(firmName, owner.email));
    await expectNoAxeViolations(page);

    // The way out that needs no sign-in: a link by email, by the keyboard, that leaves the firm once pressed.
    const leaveLink = alert.getByRole("link", { name: t.leaveByEmail });
    await leaveLink.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: t.requestTitle }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: t.send }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: t.sent }).isVisible()).toBe(true);
    const mail = await waitForMail(member.email, LEAVE_SUBJECT);
    const link = /(https?:\/\/\S+\/firm\/leave\?token=[\w-]+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`no leave link in: ${mail.text}`);
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    const leave = page.getByRole("button", { name: t.leave });
    await expect.poll(() => leave.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    // Opening the link did nothing by itself: the member is still in the firm until the press.
    expect(await logInStatus(member.email)).toBe(403);
    await leave.click();
    await expect.poll(() => page.getByRole("heading", { level: 1, name: t.leftTitle }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // Out of the firm, the password signs in again.
    expect(await logInStatus(member.email)).toBe(200);
  }, 90_000);
});
