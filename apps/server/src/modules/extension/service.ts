import { randomBytes } from "node:crypto";
import { HANDOFF_CODE_SECONDS } from "@precis/contract/extension";
import { and, eq, isNull } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { extensionHandoffCodes, sessions } from "../../db/schema/index.ts";
import { addSeconds } from "../../lib/clock.ts";
import { hashSecret } from "../sessions/service.ts";

/** A code for the extension, good once and for a minute, standing for this portal session's account. */
export async function createHandoffCode(
  db: AppDatabase,
  input: { userId: number; portalSessionId: number; isIndependent: boolean; now: Date },
) {
  const code = randomBytes(32).toString("base64url");
  await db.insert(extensionHandoffCodes).values({
    codeHash: hashSecret(code),
    userId: input.userId,
    portalSessionId: input.portalSessionId,
    isIndependent: input.isIndependent,
    expiresAt: addSeconds(input.now, HANDOFF_CODE_SECONDS),
  });
  return code;
}

/**
 * Takes a code out of the store, atomically (of two exchanges racing with one code, one gets it): what it stands
 * for, with the proof of identity of the portal session that made it (which the extension's session inherits),
 * while it is fresh and that session is still signed in; null otherwise.
 */
export async function claimHandoffCode(db: AppDatabase, code: string, now: Date) {
  const [claimed] = await db
    .delete(extensionHandoffCodes)
    .where(eq(extensionHandoffCodes.codeHash, hashSecret(code)))
    .returning();
  if (!claimed || claimed.expiresAt <= now) return null;
  const [portal] = await db
    .select({ authenticatedAt: sessions.authenticatedAt, signInMethod: sessions.signInMethod })
    .from(sessions)
    .where(and(eq(sessions.id, claimed.portalSessionId), isNull(sessions.revokedAt)))
    .limit(1);
  return portal
    ? { ...claimed, portalAuthenticatedAt: portal.authenticatedAt, portalSignInMethod: portal.signInMethod }
    : null;
}
