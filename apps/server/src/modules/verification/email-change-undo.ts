import { randomBytes } from "node:crypto";
import { UNDO_EMAIL_CHANGE_PATH } from "@precis/contract/verification";
import type { AppDatabase } from "../../db/client.ts";
import { emailChangeUndoTokens, type users } from "../../db/schema/index.ts";
import { addDays } from "../../lib/clock.ts";
import type { AuthDependencies } from "../accounts/dependencies.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { describeOccurrence } from "../mail/occurrence.ts";
import { hashSecret } from "../sessions/service.ts";

/**
 * How long the old address can undo a change of address. Long enough for an owner who reads mail weekly to see
 * it; an attacker who moved the address has to keep it that long against the owner's click.
 */
export const EMAIL_CHANGE_UNDO_DAYS = 7;

/**
 * Tells the old address that the account moved to `newEmail`, with a link that undoes it (issue 42), in the
 * caller's transaction. The link's token is 256 random bits; only its SHA-256 is kept.
 */
export async function sendEmailChangeUndoLink(
  tx: AppDatabase,
  deps: Pick<AuthDependencies, "config" | "now" | "origin">,
  before: Pick<typeof users.$inferSelect, "id" | "email" | "firstName" | "username" | "locale">,
  newEmail: string,
) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = addDays(deps.now, EMAIL_CHANGE_UNDO_DAYS);
  await tx.insert(emailChangeUndoTokens).values({
    userId: before.id,
    tokenHash: hashSecret(token),
    previousEmail: before.email,
    newEmail,
    createdAt: deps.now,
    expiresAt,
  });
  const link = new URL(UNDO_EMAIL_CHANGE_PATH, deps.config.publicUrl);
  link.search = new URLSearchParams({ token }).toString();
  await enqueueAccountEmail(
    tx,
    deps.config,
    before,
    "emailChangedWithUndo",
    {
      newEmail,
      undoLink: link.toString(),
      validDays: EMAIL_CHANGE_UNDO_DAYS,
      occurred: describeOccurrence(deps.origin, deps.now, before.locale),
    },
    deps.now,
  );
}
