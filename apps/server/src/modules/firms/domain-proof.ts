import { formatAccessEndDate } from "@precis/contract/account-texts";
import {
  DOMAIN_PROOF_GRACE_DAYS,
  type DomainProof,
  domainProofRecordNameOf,
  domainProofRecordValueOf,
  type FirmDomain,
} from "@precis/contract/firms";
import { and, eq, inArray } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { firmDomains, firmMemberships, users } from "../../db/schema/index.ts";
import { addDays } from "../../lib/clock.ts";
import type { TxtLookupFunction } from "../../lib/txt-records.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { recordFirmEvent } from "./audit.ts";

/*
 * Ownership of a domain, proven by DNS (decision 038). A mailbox at the domain shows affiliation, which is enough
 * for `invitation`; a TXT record at `_precis-verification.<domain>` holding the claim's own value shows that the
 * firm controls the domain's DNS, which `suggest` and `automatic` need. The record is looked up when an admin asks
 * (Check now) and every day (domain-proof-job.ts); missing for DOMAIN_PROOF_GRACE_DAYS, the domain goes back to
 * `invitation` and the firm's owners and admins are told.
 */

export type FirmDomainRow = typeof firmDomains.$inferSelect;

/** What a lookup says of a domain's proof: its record is there, is not (DNS said so), or DNS did not answer. */
export type ProofFinding = "found" | "absent" | "unanswered";

const graceEndOf = (missingSince: Date) => addDays(missingSince, DOMAIN_PROOF_GRACE_DAYS);

function proofOf(row: FirmDomainRow): DomainProof {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    status: row.proofMissingSince ? "missing" : row.provenAt ? "proven" : "unproven",
    provenAt: iso(row.provenAt),
    missingSince: iso(row.proofMissingSince),
    graceEndsAt: row.provenAt && row.proofMissingSince ? graceEndOf(row.proofMissingSince).toISOString() : null,
    checkedAt: iso(row.proofCheckedAt),
  };
}

export const domainViewOf = (row: FirmDomainRow): FirmDomain => ({
  domain: row.domain,
  joinMode: row.joinMode,
  addedAt: row.createdAt.toISOString(),
  record: { type: "TXT", name: domainProofRecordNameOf(row.domain), value: domainProofRecordValueOf(row.proofToken) },
  proof: proofOf(row),
});

/** Looks the domain's record up. Any TXT record at the name carrying this claim's value proves it; others do not. */
export async function findDomainProof(
  lookup: TxtLookupFunction,
  claim: Pick<FirmDomainRow, "domain" | "proofToken">,
): Promise<ProofFinding> {
  const answer = await lookup(domainProofRecordNameOf(claim.domain));
  if (answer.outcome === "failed") return "unanswered";
  const expected = domainProofRecordValueOf(claim.proofToken);
  return answer.outcome === "found" && answer.records.some((record) => record.trim() === expected) ? "found" : "absent";
}

/**
 * Writes what a lookup found, in the caller's transaction, which holds the firm's row locked (as every change to a
 * firm's domains does). `proofToken` is the value that was looked up: a domain removed and added again meanwhile
 * has another, and the finding is not its. Found: proven (since now, unless it already was), nothing missing.
 * Absent, for a proven domain: missing since now (or since it already was); once that is the grace ago, the proof
 * lapses and a suggest or automatic domain goes back to invitation, in the trail, and its admins are emailed.
 * Returns the row as it now is, or null when the claim is gone.
 */
export async function recordProofFinding(
  tx: AppDatabase,
  config: AppConfig,
  claim: { firmId: number; domain: string; proofToken: string },
  finding: "found" | "absent",
  { actorUserId, now }: { actorUserId: number | null; now: Date },
): Promise<FirmDomainRow | null> {
  const [row] = await tx
    .select()
    .from(firmDomains)
    .where(
      and(
        eq(firmDomains.domain, claim.domain),
        eq(firmDomains.firmId, claim.firmId),
        eq(firmDomains.proofToken, claim.proofToken),
      ),
    );
  if (!row) return null;
  const update = async (values: Partial<FirmDomainRow>) => {
    const [updated] = await tx
      .update(firmDomains)
      .set({ ...values, proofCheckedAt: now })
      .where(eq(firmDomains.domain, row.domain))
      .returning();
    if (!updated) throw new Error("the locked firm's domain was not updated");
    return updated;
  };
  if (finding === "found") {
    if (!row.provenAt) {
      await recordFirmEvent(tx, {
        firmId: row.firmId,
        event: "domain_proven",
        actorUserId,
        details: { domain: row.domain },
        now,
      });
    }
    return update({ provenAt: row.provenAt ?? now, proofMissingSince: null });
  }
  // Never proven (or lapsed already): nothing to lose, and "missing since" keeps the date the proof was lost.
  if (!row.provenAt) return update({});
  const missingSince = row.proofMissingSince ?? now;
  if (graceEndOf(missingSince) > now) return update({ proofMissingSince: missingSince });
  const updated = await update({ provenAt: null, proofMissingSince: missingSince, joinMode: "invitation" });
  if (row.joinMode !== "invitation") {
    await recordFirmEvent(tx, {
      firmId: row.firmId,
      event: "domain_returned_to_invitation",
      actorUserId: null,
      details: { domain: row.domain, from: row.joinMode, reason: "recordMissing" },
      now,
    });
    await emailDomainReturnedToInvitation(tx, config, row, row.joinMode, { missingSince }, now);
  }
  return updated;
}

/**
 * Tells each owner and admin of the domain's firm, in their own language, that the domain is by invitation only
 * now, why, and how to prove it: with the record missing since `missingSince`, or (none given) never proven.
 */
export async function emailDomainReturnedToInvitation(
  tx: AppDatabase,
  config: AppConfig,
  row: FirmDomainRow,
  previousMode: "suggest" | "automatic",
  { missingSince }: { missingSince?: Date },
  now: Date,
) {
  const admins = await tx
    .select({ user: users })
    .from(firmMemberships)
    .innerJoin(users, eq(users.id, firmMemberships.userId))
    .where(and(eq(firmMemberships.firmId, row.firmId), inArray(firmMemberships.role, ["owner", "admin"])));
  for (const { user } of admins) {
    await enqueueAccountEmail(
      tx,
      config,
      user,
      "firmDomainReturnedToInvitation",
      {
        domain: row.domain,
        previousMode,
        reason: missingSince ? "recordMissing" : "neverProven",
        ...(missingSince ? { missingSince: formatAccessEndDate(missingSince.toISOString(), user.locale) } : {}),
        graceDays: DOMAIN_PROOF_GRACE_DAYS,
        recordName: domainProofRecordNameOf(row.domain),
        recordValue: domainProofRecordValueOf(row.proofToken),
        domainsLink: `${config.publicUrl}/firm`,
      },
      now,
    );
  }
}
