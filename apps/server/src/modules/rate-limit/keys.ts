import { createHmac, hkdfSync } from "node:crypto";
import type { AppConfig } from "../../config.ts";

/**
 * The key that pseudonymises what limit counters are keyed by. Derived from the server's own secret (the MFA
 * key, which every environment but development sets) with a label of its own, so no new setting is needed and
 * the two uses never share a key.
 */
const derivedKeys = new WeakMap<Buffer, Buffer>();
function counterKeyOf(secret: Buffer) {
  let key = derivedKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "", "precis rate-limit counter keys", 32));
    derivedKeys.set(secret, key);
  }
  return key;
}

/** A keyed hash standing for an email address (or another identifier) in a counter's key: stable, not reversible. */
export function pseudonymOf(config: Pick<AppConfig, "mfaEncryptionKey">, value: string) {
  return createHmac("sha256", counterKeyOf(config.mfaEncryptionKey)).update(value).digest("base64url").slice(0, 27);
}

// What an address looks like inside a key: no colon (keys are colon-separated, and an email never has one).
const EMAIL_IN_KEY = /[^:\s]+@[^:\s]+/g;

/**
 * The key as stored: every email address in it replaced by its keyed hash, so the table never holds an address
 * (issue 42). The kind and scope before it stay readable for metrics and audit.
 */
export const storedCounterKey = (config: Pick<AppConfig, "mfaEncryptionKey">, key: string) =>
  key.replace(EMAIL_IN_KEY, (email) => `h.${pseudonymOf(config, email)}`);
