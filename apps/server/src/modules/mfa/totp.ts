import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "@precis/contract/mfa";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { AppDatabase } from "../../db/client.ts";
import { totpFactors } from "../../db/schema/index.ts";

/**
 * The authenticator app's codes (RFC 6238, with otpauth): SHA-1, six digits, 30-second steps, as every app
 * reads from a QR code. A code is taken one step either side of now, for clocks that drift, and once only.
 */

const CIPHER = "aes-256-gcm";
const FORMAT_VERSION = "v1";

/** The secret as stored: AES-256-GCM under the server's key, with a fresh IV each time. */
export function encryptTotpSecret(key: Buffer, secretBase32: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv(CIPHER, key, iv);
  const ciphertext = Buffer.concat([cipher.update(secretBase32, "utf8"), cipher.final()]);
  return `${FORMAT_VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

export function decryptTotpSecret(key: Buffer, stored: string) {
  const [version, payload] = stored.split(":");
  if (version !== FORMAT_VERSION || !payload) throw new Error("unknown TOTP secret format");
  const bytes = Buffer.from(payload, "base64url");
  const decipher = createDecipheriv(CIPHER, key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32 as apps take it. */
export const generateTotpSecret = () => new Secret({ size: 20 }).base32;

export function createTotp(secretBase32: string, labels: { issuer: string; account: string }) {
  return new TOTP({
    issuer: labels.issuer,
    label: labels.account,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The 30-second step a code matched, or null: now, or one step either side. */
export function findTotpStep(secretBase32: string, code: string, now: Date) {
  const totp = createTotp(secretBase32, { issuer: "", account: "" });
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/**
 * Checks a code against the account's app and spends its step, atomically: of two requests with one code,
 * or a code replayed later, only the first passes. `pending` checks the setup waiting for its first code.
 */
export async function spendTotpCode(
  db: AppDatabase,
  key: Buffer,
  input: { userId: number; code: string; now: Date; pending?: boolean },
) {
  const [factor] = await db
    .select()
    .from(totpFactors)
    .where(
      and(
        eq(totpFactors.userId, input.userId),
        input.pending ? isNull(totpFactors.enabledAt) : isNotNull(totpFactors.enabledAt),
      ),
    )
    .limit(1);
  if (!factor) return false;
  const step = findTotpStep(decryptTotpSecret(key, factor.secretCiphertext), input.code, input.now);
  if (step === null) return false;
  const spent = await db
    .update(totpFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpFactors.userId, input.userId),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return spent.length === 1;
}
