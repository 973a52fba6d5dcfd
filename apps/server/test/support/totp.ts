import { Secret, TOTP } from "otpauth";
import { type TestServer, xhrHeaders } from "../harness.ts";
import type { Session } from "./accounts.ts";
import type { TestClock } from "./test-server.ts";

/**
 * The authenticator app of a test, on the test's clock: the code for `secret` now, or `steps` 30-second periods
 * away from now.
 */
export function createAuthenticatorApp(time: TestClock) {
  const codeAt = (secret: string, steps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: time.clock().getTime() + steps * 30_000 });
  /** A six-digit code that is not the app's now, nor in the periods either side (which the server also takes). */
  const wrongCodeFor = (secret: string) => {
    const near = new Set([-1, 0, 1].map((steps) => codeAt(secret, steps)));
    let guess = 0;
    while (near.has(String(guess).padStart(6, "0"))) guess += 1;
    return String(guess).padStart(6, "0");
  };
  return { codeAt, wrongCodeFor };
}

export type AuthenticatorApp = ReturnType<typeof createAuthenticatorApp>;

/** Where the owner's requests come from: more headers (a user agent, a forwarded address), the proxy's address. */
export interface RequestOrigin {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/**
 * Turns the authenticator app on for the account of `session` as its owner does: the setup's secret confirmed by
 * the app's code of now. Fails the test at once when refused; the secret, and the recovery codes it was given.
 */
export async function enableAuthenticatorApp(
  server: TestServer,
  session: Session,
  app: AuthenticatorApp,
  { headers = {}, remoteAddress }: RequestOrigin = {},
) {
  const post = async (url: string, payload?: object) => {
    const response = await server.app.inject({
      method: "POST",
      url,
      headers: { ...xhrHeaders, ...headers, ...session.headers },
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(payload === undefined ? {} : { payload }),
    });
    if (response.statusCode !== 200) throw new Error(`${url} failed: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const { secret } = (await post("/api/mfa/totp/setup")) as { secret: string };
  const { recoveryCodes } = (await post("/api/mfa/totp/enable", { code: app.codeAt(secret) })) as {
    recoveryCodes: string[];
  };
  return { secret, recoveryCodes };
}
