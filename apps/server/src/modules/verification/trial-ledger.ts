import { hash } from "node:crypto";
import type { AppDatabase } from "../../db/client.ts";
import { trialLedger } from "../../db/schema.ts";

/** Gmail ignores dots in the local part, and googlemail.com is the same mailbox. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The form of an address under which its obvious variants meet: lower-case, without a +tag (which most
 * providers deliver to the same mailbox), and for Gmail without dots. The migration that filled the ledger
 * for older accounts does the same in SQL (0007_verified_identity.sql); a test checks that they agree.
 */
export function normalizeEmailForTrial(email: string) {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf("@");
  const domain = lower.slice(at + 1);
  const local = lower.slice(0, at).split("+")[0] ?? "";
  return GMAIL_DOMAINS.has(domain) ? `${local.replaceAll(".", "")}@gmail.com` : `${local}@${domain}`;
}

export const hashEmailForTrial = (email: string) => hash("sha256", normalizeEmailForTrial(email), "hex");

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
