import { describe, expect, it } from "vitest";
import { readVerificationMail, TEST_PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations, useBrowser } from "./support/browser.ts";
import { invitationPathIn } from "./support/firm-screens.ts";
import { waitForMail } from "./support/mailbox.ts";

const { openPage, baseUrl } = useBrowser();

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
  const session = {
    cookie: registered.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; "),
    "x-access-key": registered.headers.get("x-access-key") ?? "",
  };
  const call = async (method: string, url: string, body?: object) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...xhr, ...session },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const { code } = await readVerificationMail(email);
  expect((await call("POST", "/api/verify-email", { code })).status).toBe(200);
  return { email, call };
}

const texts = {
  en: {
    email: "Email",
    password: "Password",
    submit: "Login",
    refusal: (firm: string, admin: string) =>
      `Your firm, “${firm}”, allows signing in only with Google or Microsoft. Sign in that way instead, or ask its administrators: ${admin}.`,
  },
  fr: {
    email: "Courriel",
    password: "Mot de passe",
    submit: "Se connecter",
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
    const owner = await registerWithSession("Anne");
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
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe(t.refusal(firmName, owner.email));
    await expectNoAxeViolations(page);
  }, 60_000);
});
