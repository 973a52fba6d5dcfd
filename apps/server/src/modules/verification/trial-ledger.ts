import { hash } from "node:crypto";
import type { AppDatabase } from "../../db/client.ts";
import { trialLedger } from "../../db/schema/index.ts";
import { mailboxOf } from "../../lib/mailbox.ts";

/** One trial per mailbox (lib/mailbox.ts): "jane+trial2@x.ca" had "jane@x.ca"'s. */
export const hashEmailForTrial = (email: string) => hash("sha256", mailboxOf(email), "hex");

/**
 * Records that this verified address has had its trial; true when it is the address's first, so the caller
 * starts one. Inside the caller's transaction: a verification and its trial start are one change.
 */
export async function claimTrial(db: AppDatabase, email: string, now: Date) {
  const claimed = await db
    .insert(trialLedger)
    .values({ emailHash: hashEmailForTrial(email), firstTrialAt: now })
    .onConflictDoNothing()
    .returning({ emailHash: trialLedger.emailHash });
  return claimed.length > 0;
}
