import { Secret, TOTP } from "otpauth";
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
