import { and, eq, gt, isNotNull } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import {
  emailVerificationCodes,
  extensionHandoffCodes,
  knownDevices,
  passkeys,
  passwordResetCodes,
  pendingSignIns,
  recoveryCodes,
  totpFactors,
  userIdentities,
  users,
  webauthnChallenges,
} from "../../db/schema/index.ts";
import { revokeUserSessions } from "../sessions/service.ts";

/**
 * Clears every way into an account whose address was never proven, as its owner claims it (issue 42, finding 3):
 * by a Google or Microsoft sign-in with that address, or by a password reset through a code mailed to it; and
 * every way into an account whose address its owner takes back through the emailed undo link (issue 53,
 * finding 2), as whoever moved the address away had the account meanwhile.
 *
 * Whoever registered the address first may not be its owner: a pre-hijacker registers the victim's address and
 * plants a way back in, then waits. So nothing the account had before the claim survives it: the authenticator
 * app and its recovery codes, passkeys and their open challenges, browsers it knew, second steps under way,
 * handoff codes, links to other Google or Microsoft identities, codes mailed to other addresses it asked to move
 * to, a deletion it scheduled (issue 53, finding 9: left alone, it deletes the claimed account a month later),
 * and every session: portal and extension alike. Run in the caller's transaction, with the claim itself, so no half-claimed account is
 * ever seen. A Google or Microsoft claim links its identity after this.
 */
export async function clearUnprovenAccount(tx: AppDatabase, userId: number, now: Date) {
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  await tx.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
  await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
  await tx.delete(extensionHandoffCodes).where(eq(extensionHandoffCodes.userId, userId));
  await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
  // A code mailed to another address (a move the planter asked for) would move the claimed account away.
  await tx
    .update(emailVerificationCodes)
    .set({ expiresAt: now })
    .where(and(eq(emailVerificationCodes.userId, userId), gt(emailVerificationCodes.expiresAt, now)));
  await tx
    .update(passwordResetCodes)
    .set({ expiresAt: now })
    .where(and(eq(passwordResetCodes.userId, userId), gt(passwordResetCodes.expiresAt, now)));
  // As the owner's own cancel does (privacy/deletion.ts): the owner may schedule it again, now as the owner.
  await tx
    .update(users)
    .set({ deletionScheduledFor: null, deletionCancelTokenHash: null, updatedAt: now })
    .where(and(eq(users.id, userId), isNotNull(users.deletionScheduledFor)));
  await revokeUserSessions(tx, userId, now);
}
