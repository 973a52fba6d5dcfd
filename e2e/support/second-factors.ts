import * as OTPAuth from "otpauth";
import type { CDPSession, Page } from "playwright-core";
import { callApiFromPage } from "./sessions.ts";

const PERIOD_MS = 30_000;

/**
 * An authenticator app for a test: the codes of one secret (RFC 6238, 6 digits, 30 s), each given once, as the
 * server takes them (one period either side of now, and never a period it has already seen).
 */
export class AuthenticatorApp {
  private lastCounter = -1;
  private readonly totp: OTPAuth.TOTP;

  constructor(readonly secret: string) {
    this.totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, "")),
      digits: 6,
      period: 30,
    });
  }

  /** A code the server has not taken yet: this period's or the next one's, else the wait for a new period. */
  async nextCode(): Promise<string> {
    for (;;) {
      const current = Math.floor(Date.now() / PERIOD_MS);
      const counter = Math.max(current, this.lastCounter + 1);
      if (counter <= current + 1) {
        this.lastCounter = counter;
        return this.totp.generate({ timestamp: counter * PERIOD_MS });
      }
      await new Promise((resolve) => setTimeout(resolve, (current + 1) * PERIOD_MS - Date.now() + 50));
    }
  }

  /** A code of the right shape that is not this app's now (for the refusals). */
  wrongCode(): string {
    const current = Math.floor(Date.now() / PERIOD_MS);
    const valid = new Set([-1, 0, 1].map((step) => this.totp.generate({ timestamp: (current + step) * PERIOD_MS })));
    for (let guess = 0; ; guess += 1) {
      const code = String(guess).padStart(6, "0");
      if (!valid.has(code)) return code;
    }
  }
}

/**
 * Turns the authenticator app on through the API for the page's signed-in account (as the page would, on a
 * fresh sign-in), for the tests that are not about the setup screen. Resolves to the app and the recovery codes.
 */
export async function enableTotpThroughApi(page: Page) {
  const setup = await callApiFromPage(page, "/api/mfa/totp/setup", { method: "POST" });
  if (setup.status !== 200) throw new Error(`TOTP setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const app = new AuthenticatorApp((setup.body as { secret: string }).secret);
  const enabled = await callApiFromPage(page, "/api/mfa/totp/enable", {
    method: "POST",
    body: { code: await app.nextCode() },
  });
  if (enabled.status !== 200) throw new Error(`TOTP enable failed: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  return { app, recoveryCodes: (enabled.body as { recoveryCodes: string[] }).recoveryCodes };
}

/**
 * Chromium's virtual authenticator on the page (DevTools protocol, WebAuthn domain), as docs/design.md describes: a
 * platform authenticator with resident keys and user verification, which answers at once. It lives as long as
 * the page, with the passkeys it makes.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The passkeys it holds. */
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    /** Forgets them all, as a lost device would. */
    clear: () => cdp.send("WebAuthn.clearCredentials", { authenticatorId }),
  };
}
