import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { firmDomains, firms, scheduledJobRuns } from "../../db/schema/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { createHourlyJob } from "../../lib/scheduled-job.ts";
import type { TxtLookupFunction } from "../../lib/txt-records.ts";
import {
  emailDomainReturnedToInvitation,
  findDomainProof,
  type ProofFinding,
  recordProofFinding,
} from "./domain-proof.ts";

/** Any fixed number, the same in every instance (decision 024). */
const DOMAIN_PROOFS_LOCK = 7_202_613;
const DOMAIN_PROOFS_JOB = "domain-proofs";
/** Lookups at a time: the day's check of many domains should not wait on each in turn, nor flood a resolver. */
const LOOKUPS_AT_ONCE = 8;

export type DomainProofCounts = Record<
  "checked" | "proven" | "missing" | "returnedToInvitation" | "unanswered",
  number
>;

const isLockGranted = async (tx: AppDatabase) => {
  // node-postgres and PGlite both answer with { rows }.
  const locking = await tx.execute(sql`select pg_try_advisory_xact_lock(${DOMAIN_PROOFS_LOCK}) as locked`);
  return (locking as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
};

async function isDayDone(db: AppDatabase, period: string) {
  const [done] = await db
    .select({ period: scheduledJobRuns.period })
    .from(scheduledJobRuns)
    .where(and(eq(scheduledJobRuns.job, DOMAIN_PROOFS_JOB), eq(scheduledJobRuns.period, period)));
  return done !== undefined;
}

async function mapAtMost<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The day's check of every domain's record, once per UTC day whichever instance gets there first. The lookups run
 * before any transaction (DNS may take seconds; no lock or connection waits on it); then one transaction under an
 * advisory lock claims the day with a row of scheduled_job_runs and writes every finding, each under its firm's
 * lock. Two instances may both look up; only the one that claims the day writes, so each domain's state and email
 * change once. A lookup DNS did not answer changes nothing: a resolver's outage is not a missing record. Returns
 * the counts, or null when the day was done already.
 */
export async function recheckDomainProofs(
  db: AppDatabase,
  config: AppConfig,
  lookup: TxtLookupFunction,
  now: Date,
): Promise<DomainProofCounts | null> {
  const period = now.toISOString().slice(0, 10);
  if (await isDayDone(db, period)) return null;
  const claims = await db
    .select({ firmId: firmDomains.firmId, domain: firmDomains.domain, proofToken: firmDomains.proofToken })
    .from(firmDomains);
  const findings: ProofFinding[] = await mapAtMost(claims, LOOKUPS_AT_ONCE, (claim) => findDomainProof(lookup, claim));
  return db.transaction(async (tx) => {
    if (!(await isLockGranted(tx)) || (await isDayDone(tx, period))) return null;
    const counts: DomainProofCounts = { checked: 0, proven: 0, missing: 0, returnedToInvitation: 0, unanswered: 0 };
    for (const [index, claim] of claims.entries()) {
      const finding = findings[index];
      if (finding === "unanswered" || finding === undefined) {
        counts.unanswered += 1;
        continue;
      }
      // The firm's row locked, as every change to its domains takes it (caller-firm.ts, lockCallerFirm).
      await tx.select({ id: firms.id }).from(firms).where(eq(firms.id, claim.firmId)).for("update");
      const [before] = await tx.select().from(firmDomains).where(eq(firmDomains.domain, claim.domain));
      const after = await recordProofFinding(tx, config, claim, finding, { actorUserId: null, now });
      if (!after) continue;
      counts.checked += 1;
      if (after.provenAt) counts[after.proofMissingSince ? "missing" : "proven"] += 1;
      if (before && before.joinMode !== "invitation" && after.joinMode === "invitation")
        counts.returnedToInvitation += 1;
    }
    await tx.insert(scheduledJobRuns).values({ job: DOMAIN_PROOFS_JOB, period, ranAt: now, details: counts });
    return counts;
  });
}

/**
 * Emails the owners and admins of each domain the DNS-proof migration took suggest or automatic from (its
 * `unproven_mode_revoked`), once: the rows are read locked and cleared in the transaction that queues the emails,
 * under the job's advisory lock. Returns how many domains' notices were queued.
 */
export async function sendUnprovenModeNotices(db: AppDatabase, config: AppConfig, now: Date) {
  return db.transaction(async (tx) => {
    if (!(await isLockGranted(tx))) return 0;
    const owed = await tx.select().from(firmDomains).where(isNotNull(firmDomains.unprovenModeRevoked)).for("update");
    for (const row of owed) {
      if (!row.unprovenModeRevoked) continue;
      await emailDomainReturnedToInvitation(tx, config, row, row.unprovenModeRevoked, {}, now);
      await tx.update(firmDomains).set({ unprovenModeRevoked: null }).where(eq(firmDomains.domain, row.domain));
    }
    return owed.length;
  });
}

export type DomainProofJob = ReturnType<typeof createDomainProofJob>;

/**
 * Every hour while the server listens: the migration's notices still owed, then the day's check of the records if
 * no instance has done it yet; tests call runOnce() with their clock.
 */
export function createDomainProofJob(options: {
  db: AppDatabase;
  config: AppConfig;
  lookup: TxtLookupFunction;
  clock: Clock;
  log: FastifyBaseLogger;
  onQueued: () => void;
}) {
  return createHourlyJob(
    "domain proofs",
    async () => {
      const notices = await sendUnprovenModeNotices(options.db, options.config, options.clock());
      const checked = await recheckDomainProofs(options.db, options.config, options.lookup, options.clock());
      if (checked) options.log.info({ domains: checked }, "domain proofs checked");
      if (notices > 0 || (checked?.returnedToInvitation ?? 0) > 0) options.onQueued();
      return { notices, checked };
    },
    options.log,
  );
}
