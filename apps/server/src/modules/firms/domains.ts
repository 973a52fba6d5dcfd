import { type AddFirmDomainRequest, type DomainJoinMode, isProofNeededFor } from "@precis/contract/firms";
import { and, asc, eq } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { firmDomains } from "../../db/schema/index.ts";
import { isAcademicEmail } from "../../lib/academic-domains.ts";
import type { TxtLookupFunction } from "../../lib/txt-records.ts";
import { type FirmContext, inCallerFirm, readUser } from "./caller-firm.ts";
import { isConsumerEmailDomain } from "./consumer-email-domains.ts";
import { domainViewOf, findDomainProof, recordProofFinding } from "./domain-proof.ts";

/*
 * A firm's email domains, as its owners and admins manage them: which may be claimed, and adding, changing,
 * checking and removing them. How the DNS proof is found and kept is domain-proof.ts; joining by a domain,
 * domain-join.ts.
 */

export const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/**
 * Whether a person may add `domain` to their firm, in any mode: not a public or internet provider's, not a school's
 * (a student's address says nothing about a firm), and the domain of the person's own verified address. That
 * mailbox shows affiliation, enough for `invitation`; `suggest` and `automatic` also need the DNS proof of
 * ownership (domain-proof.ts). Null when it may, else the refusal.
 */
export function checkClaimableDomain(
  domain: string,
  claimant: { email: string; emailVerifiedAt: Date | null },
  academicDomains: readonly string[],
) {
  if (isConsumerEmailDomain(domain)) return { outcome: "publicDomain" } as const;
  if (isAcademicEmail(`x@${domain}`, academicDomains)) return { outcome: "academicDomain" } as const;
  if (!claimant.emailVerifiedAt || domainOf(claimant.email) !== domain) return { outcome: "notOwnDomain" } as const;
  return null;
}

const noSuchDomain = { outcome: "noSuchDomain" } as const;
const domainNotProven = (domain: string) => ({ outcome: "domainNotProven", domain }) as const;

async function readDomains(tx: AppDatabase, firmId: number) {
  const rows = await tx
    .select()
    .from(firmDomains)
    .where(eq(firmDomains.firmId, firmId))
    .orderBy(asc(firmDomains.domain));
  return rows.map(domainViewOf);
}

/** `GET /api/firm/domains`: the firm's domains and their join modes (owners and admins). */
export function listDomains(context: FirmContext) {
  return inCallerFirm(context, { needs: "admin", isReadOnly: true, commits: ["listed"] }, async ({ tx, firm }) => ({
    outcome: "listed" as const,
    domains: await readDomains(tx, firm.id),
  }));
}

/**
 * `POST /api/firm/domains`: an owner or admin adds the domain of their own verified address, unless it is a public
 * or internet provider's or a school's, by invitation (suggest and automatic wait for the DNS proof). The domain is
 * the table's key, so of two firms claiming it at once one gets it.
 */
export function addDomain(context: FirmContext, request: Required<AddFirmDomainRequest>) {
  const { config, userId } = context;
  return inCallerFirm(context, { needs: "admin", commits: ["added"] }, async ({ tx, firm, record }) => {
    const unclaimable = checkClaimableDomain(
      request.domain,
      await readUser(tx, userId),
      config.verification.academicEmailDomains,
    );
    if (unclaimable) return unclaimable;
    // A new claim has no DNS proof yet: it starts by invitation, and its record is then published and checked.
    if (isProofNeededFor(request.joinMode)) return domainNotProven(request.domain);
    const [added] = await tx
      .insert(firmDomains)
      .values({
        domain: request.domain,
        firmId: firm.id,
        joinMode: request.joinMode,
        addedByUserId: userId,
        createdAt: context.now,
      })
      .onConflictDoNothing({ target: firmDomains.domain })
      .returning();
    if (!added) {
      const [holder] = await tx
        .select({ firmId: firmDomains.firmId })
        .from(firmDomains)
        .where(eq(firmDomains.domain, request.domain));
      return { outcome: holder?.firmId === firm.id ? "domainAddedByThisFirm" : "domainAddedByAnotherFirm" } as const;
    }
    await record("domain_added", { domain: added.domain, joinMode: added.joinMode });
    return { outcome: "added" as const, domain: domainViewOf(added) };
  });
}

/** `PATCH /api/firm/domains/{domain}`: how people at it join; suggest and automatic once DNS has proven it. */
export function updateDomain(context: FirmContext, domain: string, joinMode: DomainJoinMode) {
  return inCallerFirm(context, { needs: "admin", commits: ["updated"] }, async ({ tx, firm, record }) => {
    const [current] = await tx
      .select()
      .from(firmDomains)
      .where(and(eq(firmDomains.domain, domain), eq(firmDomains.firmId, firm.id)));
    if (!current) return noSuchDomain;
    if (current.joinMode === joinMode) return { outcome: "updated" as const, domain: domainViewOf(current) };
    if (isProofNeededFor(joinMode) && !current.provenAt) return domainNotProven(domain);
    const [updated] = await tx.update(firmDomains).set({ joinMode }).where(eq(firmDomains.domain, domain)).returning();
    if (!updated) return noSuchDomain;
    await record("domain_changed", { domain, from: current.joinMode, to: joinMode });
    return { outcome: "updated" as const, domain: domainViewOf(updated) };
  });
}

/**
 * `POST /api/firm/domains/{domain}/check`: an owner or admin has the domain's TXT record looked up now. The lookup
 * runs outside any transaction (DNS may take seconds), then its finding is written under the firm's lock, as the
 * daily check writes it (domain-proof.ts). No answer from DNS is a refusal that changes nothing.
 */
export async function checkDomain(context: FirmContext, lookup: TxtLookupFunction, domain: string) {
  const { config, now, userId } = context;
  const claim = await inCallerFirm(
    context,
    { needs: "admin", isReadOnly: true, commits: ["found"] },
    async ({ tx, firm }) => {
      const [row] = await tx
        .select()
        .from(firmDomains)
        .where(and(eq(firmDomains.domain, domain), eq(firmDomains.firmId, firm.id)));
      return row ? { outcome: "found" as const, row } : noSuchDomain;
    },
  );
  if (claim.outcome !== "found") return claim;
  const finding = await findDomainProof(lookup, claim.row);
  if (finding === "unanswered") return { outcome: "dnsUnavailable" } as const;
  return inCallerFirm(context, { needs: "admin", commits: ["checked"] }, async ({ tx, firm }) => {
    const row = await recordProofFinding(tx, config, { ...claim.row, firmId: firm.id }, finding, {
      actorUserId: userId,
      now,
    });
    if (!row) return noSuchDomain;
    return { outcome: "checked" as const, domain: domainViewOf(row), isRecordFound: finding === "found" };
  });
}

/** `DELETE /api/firm/domains/{domain}`: nobody joins by it any more, and nobody leaves; the others remain. */
export function removeDomain(context: FirmContext, domain: string) {
  return inCallerFirm(context, { needs: "admin", commits: ["removed"] }, async ({ tx, firm, record }) => {
    const [removed] = await tx
      .delete(firmDomains)
      .where(and(eq(firmDomains.domain, domain), eq(firmDomains.firmId, firm.id)))
      .returning();
    if (!removed) return noSuchDomain;
    await record("domain_removed", { domain, joinMode: removed.joinMode });
    return { outcome: "removed" as const, domains: await readDomains(tx, firm.id) };
  });
}
