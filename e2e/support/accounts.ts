import type { BrowserContext } from "playwright-core";
import type { ReceivedMail } from "../../apps/server/test/smtp.ts";
import { waitForMail } from "./mailbox.ts";

export const TEST_PASSWORD = "Tribunal2024x";
let counter = 0;

/**
 * A unique address per call, so tests never collide on the shared server. At example.ca unless a domain is
 * given: an academic one (utoronto.ca, say) for a student who must get the students' free years.
 */
export function uniqueEmail(label = "user", domain = "example.ca") {
  counter += 1;
  return `${label}.${process.pid}.${Date.now().toString(36)}.${counter}@${domain}`;
}

/** What a test account is made with: the registration's fields, and whether its address gets proven. */
export type TestAccountOptions = {
  /** Proves the address with the emailed code, as a person would (the default): the account then has its trial. */
  verified?: boolean;
  /** The address to register with; a unique one at example.ca by default. */
  email?: string;
};

/** The subject of the verification email, in either language of the account. */
export const VERIFICATION_SUBJECT = /^(Confirm your Precis email address|Confirmez votre adresse courriel Precis)$/;

/**
 * The newest verification email to `email`: its code, alone on its line of the text part (letters and digits
 * of the security-code alphabet), and the link, which carries a token of its own (never the code).
 */
export async function readVerificationMail(email: string): Promise<{ code: string; link: string; mail: ReceivedMail }> {
  const mail = await waitForMail(email, VERIFICATION_SUBJECT);
  const code = /^([A-HJ-NP-Z2-9]{6,})$/m.exec(mail.text)?.[1];
  const link = /(https?:\/\/\S+\/verify-email\?\S+)/.exec(mail.text)?.[1];
  if (!code || !link) throw new Error(`no verification code or link in: ${mail.text}`);
  return { code, link, mail };
}

/**
 * Registers through the real API inside the browser context, so the context holds the session
 * cookie, and stores the access key where the app keeps it: the context is then signed in. The
 * address is then proven with the emailed code, through that session, unless `verified: false`.
 */
export async function signUpInContext(
  context: BrowserContext,
  details: { firstName?: string; lastName?: string; role?: string; name?: string } = {},
  options: TestAccountOptions = {},
) {
  const email = options.email ?? uniqueEmail();
  const response = await context.request.post("/api/register", {
    headers: { "x-requested-with": "XMLHttpRequest" },
    data: { email, password: TEST_PASSWORD, role: "lawyer", ...details },
  });
  if (response.status() !== 200) throw new Error(`registration failed: ${response.status()} ${await response.text()}`);
  const accessKey = response.headers()["x-access-key"] ?? "";
  await context.addInitScript((key) => window.localStorage.setItem("precis.accessKey", key), accessKey);
  if (options.verified ?? true) {
    const { code } = await readVerificationMail(email);
    const verified = await context.request.post("/api/verify-email", {
      headers: { "x-requested-with": "XMLHttpRequest", "x-access-key": accessKey },
      data: { code },
    });
    if (verified.status() !== 200)
      throw new Error(`verification failed: ${verified.status()} ${await verified.text()}`);
  }
  return { email, password: TEST_PASSWORD };
}

/**
 * Creates an account through the real API, outside any browser context (which stays logged out). Its
 * address is proven as the emailed link proves it (its token, no session), unless `verified: false`.
 */
export async function registerThroughApi(
  baseUrl: string,
  details: { role?: string; firstName?: string } = {},
  options: TestAccountOptions = {},
) {
  const email = options.email ?? uniqueEmail();
  const response = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ email, password: TEST_PASSWORD, role: "lawyer", ...details }),
  });
  if (response.status !== 200) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  if (options.verified ?? true) {
    const { link } = await readVerificationMail(email);
    const verified = await fetch(`${baseUrl}/api/verify-email`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      body: JSON.stringify({ token: new URL(link).searchParams.get("token") }),
    });
    if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${await verified.text()}`);
  }
  return { email, password: TEST_PASSWORD };
}
