import { MAX_PASSKEYS, type Passkey } from "@precis/contract/mfa";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { and, asc, count, eq, isNull, lt } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { passkeys, webauthnChallenges } from "../../db/schema/index.ts";
import { addSeconds } from "../../lib/clock.ts";
import { hashSecret } from "../sessions/service.ts";

/**
 * Passkeys with SimpleWebAuthn. The relying party is PUBLIC_URL: its host name is the RP ID and its origin the
 * only origin an answer may come from (WebAuthn refuses an IP address as RP ID, so development uses localhost).
 * Every challenge is stored hashed, answered once, within five minutes: a replayed answer finds it gone.
 */

const CHALLENGE_SECONDS = 5 * 60;

type ChallengePurpose = (typeof webauthnChallenges.$inferInsert)["purpose"];

export function getRelyingParty(config: AppConfig) {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, name: config.client.productName, origin: url.origin };
}

async function storeChallenge(
  db: AppDatabase,
  input: { challenge: string; purpose: ChallengePurpose; userId: number | null; now: Date },
) {
  await db.insert(webauthnChallenges).values({
    challengeHash: hashSecret(input.challenge),
    purpose: input.purpose,
    userId: input.userId,
    expiresAt: addSeconds(input.now, CHALLENGE_SECONDS),
  });
}

/**
 * Takes the challenge an answer carries out of the store, if this server handed it out for this purpose (and
 * account) and it is still fresh: the challenge, or null. Spent either way, so it is never answered twice.
 */
async function claimChallenge(
  db: AppDatabase,
  response: { response: { clientDataJSON: string } },
  expected: { purpose: ChallengePurpose; userId: number | null; now: Date },
) {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(response.response.clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== "string" || challenge.length === 0 || challenge.length > 200) return null;
  const claimed = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challengeHash, hashSecret(challenge)),
        eq(webauthnChallenges.purpose, expected.purpose),
        expected.userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, expected.userId),
      ),
    )
    .returning({ expiresAt: webauthnChallenges.expiresAt });
  const [row] = claimed;
  return row && row.expiresAt > expected.now ? challenge : null;
}

export const toPasskeyView = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  isSynced: row.isSynced,
});

export async function listPasskeys(db: AppDatabase, userId: number) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

/** Options for `navigator.credentials.create()`: a discoverable credential, so it can sign in without an email. */
export async function startPasskeyRegistration(
  db: AppDatabase,
  config: AppConfig,
  user: { id: number; email: string; displayName: string },
  now: Date,
) {
  const relyingParty = getRelyingParty(config);
  const existing = await listPasskeys(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: relyingParty.name,
    rpID: relyingParty.id,
    userName: user.email,
    userDisplayName: user.displayName,
    userID: isoUint8Array.fromUTF8String(String(user.id)),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(db, { challenge: options.challenge, purpose: "registration", userId: user.id, now });
  // A plain object, as the route's loose schema of WebAuthn's JSON takes it.
  return { ...options };
}

export type AddPasskeyResult =
  | { outcome: "added"; passkey: typeof passkeys.$inferSelect }
  | { outcome: "notVerified" | "tooMany" };

/** Checks the authenticator's answer and keeps its public key under the name the person chose. */
export async function finishPasskeyRegistration(
  db: AppDatabase,
  config: AppConfig,
  input: { userId: number; name: string; response: RegistrationResponseJSON; now: Date },
): Promise<AddPasskeyResult> {
  const challenge = await claimChallenge(db, input.response, {
    purpose: "registration",
    userId: input.userId,
    now: input.now,
  });
  if (!challenge) return { outcome: "notVerified" };
  const relyingParty = getRelyingParty(config);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      requireUserVerification: true,
    });
  } catch {
    // A malformed or forged answer: SimpleWebAuthn says why, which the person cannot act on.
    return { outcome: "notVerified" };
  }
  if (!verification.verified) return { outcome: "notVerified" };
  const { credential, credentialBackedUp } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    const [held] = await tx.select({ count: count() }).from(passkeys).where(eq(passkeys.userId, input.userId));
    if ((held?.count ?? 0) >= MAX_PASSKEYS) return { outcome: "tooMany" as const };
    const [added] = await tx
      .insert(passkeys)
      .values({
        userId: input.userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        signCount: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
        isSynced: credentialBackedUp,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning();
    // The same authenticator registered twice (excludeCredentials asks browsers to prevent it).
    return added ? { outcome: "added" as const, passkey: added } : { outcome: "notVerified" as const };
  });
}

/**
 * Options for `navigator.credentials.get()`. To sign in, any passkey of this site (the browser offers those it
 * holds); to confirm who is signed in, that account's passkeys only.
 */
export async function startPasskeyAuthentication(
  db: AppDatabase,
  config: AppConfig,
  input: { userId: number | null; now: Date },
) {
  const allowed = input.userId === null ? [] : await listPasskeys(db, input.userId);
  const options = await generateAuthenticationOptions({
    rpID: getRelyingParty(config).id,
    userVerification: "required",
    allowCredentials: allowed.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
  });
  await storeChallenge(db, {
    challenge: options.challenge,
    purpose: input.userId === null ? "sign-in" : "reauthentication",
    userId: input.userId,
    now: input.now,
  });
  return { ...options };
}

export type PasskeyAuthenticationResult =
  | { outcome: "verified"; userId: number; passkeyId: number }
  | { outcome: "notVerified" | "unknownPasskey" };

/**
 * Checks a passkey's answer: the challenge this server gave, the origin and RP ID, the user's verification
 * (the device's PIN or biometrics, what makes a passkey two factors), and a signature counter that moved on.
 */
export async function finishPasskeyAuthentication(
  db: AppDatabase,
  config: AppConfig,
  input: { userId: number | null; response: AuthenticationResponseJSON; now: Date },
): Promise<PasskeyAuthenticationResult> {
  const challenge = await claimChallenge(db, input.response, {
    purpose: input.userId === null ? "sign-in" : "reauthentication",
    userId: input.userId,
    now: input.now,
  });
  if (!challenge) return { outcome: "notVerified" };
  const [passkey] = await db
    .select()
    .from(passkeys)
    .where(
      and(
        eq(passkeys.credentialId, input.response.id),
        ...(input.userId === null ? [] : [eq(passkeys.userId, input.userId)]),
      ),
    )
    .limit(1);
  if (!passkey) return { outcome: "unknownPasskey" };
  const relyingParty = getRelyingParty(config);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.signCount,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    return { outcome: "notVerified" };
  }
  if (!verification.verified) return { outcome: "notVerified" };
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  // The counter only moves forward: of two uses racing with one count, the second is refused.
  const updated = await db
    .update(passkeys)
    .set({ signCount: newCounter, lastUsedAt: input.now, isSynced: credentialBackedUp })
    .where(
      and(
        eq(passkeys.id, passkey.id),
        // Authenticators without a counter (synced passkeys) send 0 each time.
        newCounter === 0 ? eq(passkeys.signCount, 0) : lt(passkeys.signCount, newCounter),
      ),
    )
    .returning({ id: passkeys.id });
  if (updated.length === 0) return { outcome: "notVerified" };
  return { outcome: "verified", userId: passkey.userId, passkeyId: passkey.id };
}

export async function renamePasskey(db: AppDatabase, input: { userId: number; passkeyId: number; name: string }) {
  const [renamed] = await db
    .update(passkeys)
    .set({ name: input.name })
    .where(and(eq(passkeys.id, input.passkeyId), eq(passkeys.userId, input.userId)))
    .returning();
  return renamed ?? null;
}

export async function removePasskey(db: AppDatabase, input: { userId: number; passkeyId: number }) {
  const [removed] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, input.passkeyId), eq(passkeys.userId, input.userId)))
    .returning();
  return removed ?? null;
}
