import type { FirmAuditEventType, FirmRole } from "@precis/contract/firms";
import { eq } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { firmMemberships, firms, users } from "../../db/schema/index.ts";
import { transactionOutcome } from "../../lib/transaction-outcome.ts";
import { asQuotedData } from "../mail/user-text.ts";
import { type FirmAuditDetails, recordFirmEvent } from "./audit.ts";

/** What every firm operation needs: the database, the settings, the time, and who is asking. */
export interface FirmContext {
  db: AppDatabase;
  config: AppConfig;
  now: Date;
  userId: number;
}

export type FirmRow = typeof firms.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export const isAdminRole = (role: FirmRole) => role === "owner" || role === "admin";

/** A firm's name or a person's, as an email repeats it: plain data (decision 036). */
export const quoted = (text: string) => asQuotedData(text, 100);

export async function readUser(tx: AppDatabase, userId: number): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} of a live session does not exist`);
  return user;
}

/** The least role an operation needs of its caller: any member's, an owner's or an admin's, or an owner's. */
export type NeededRole = "member" | "admin" | "owner";

/** How an operation on the caller's firm is refused before it starts: no firm, or a role short of `Needs`. */
export type CallerFirmRefusal<Needs extends NeededRole> =
  | { readonly outcome: "notInFirm" }
  | (Needs extends "owner"
      ? { readonly outcome: "ownersOnly" }
      : Needs extends "admin"
        ? { readonly outcome: "adminsOnly" }
        : never);

/** The caller's firm, locked, inside the operation's transaction. */
export interface CallerFirm {
  readonly tx: AppDatabase;
  readonly firm: FirmRow;
  readonly role: FirmRole;
  /** Records the change in the firm's trail, made by the caller, in the same transaction. */
  record(event: FirmAuditEventType, details: FirmAuditDetails, subjectUserId?: number): Promise<void>;
}

const roleRefusalOf = (role: FirmRole, needs: NeededRole) => {
  if (needs === "owner" && role !== "owner") return { outcome: "ownersOnly" } as const;
  if (needs === "admin" && !isAdminRole(role)) return { outcome: "adminsOnly" } as const;
  return null;
};

/**
 * The caller's membership and firm, the firm's row locked, or why not: every change to a firm's members, roles or
 * settings takes that lock first, so two owners leaving at once cannot both be "not the last one". In the
 * caller's transaction (`context.db`).
 */
export async function lockCallerFirm<Needs extends NeededRole>(
  context: FirmContext,
  needs: Needs,
  { isReadOnly = false } = {},
): Promise<({ readonly outcome: "locked" } & CallerFirm) | CallerFirmRefusal<Needs>> {
  const { db: tx, userId, now } = context;
  const notInFirm = { outcome: "notInFirm" } as const;
  const [membership] = await tx.select().from(firmMemberships).where(eq(firmMemberships.userId, userId)).limit(1);
  if (!membership) return notInFirm;
  const firmQuery = tx.select().from(firms).where(eq(firms.id, membership.firmId));
  // A read needs no lock: it changes nothing another request could count on.
  const [firm] = isReadOnly ? await firmQuery : await firmQuery.for("update");
  if (!firm) return notInFirm;
  // Read again under the lock: a removal committed while we waited leaves no membership to act on.
  const [current] = isReadOnly
    ? [membership]
    : await tx.select().from(firmMemberships).where(eq(firmMemberships.userId, userId)).limit(1);
  if (!current || current.firmId !== firm.id) return notInFirm;
  const refusal = roleRefusalOf(current.role, needs);
  if (refusal) return refusal as CallerFirmRefusal<Needs>;
  return {
    outcome: "locked",
    tx,
    firm,
    role: current.role,
    record: (event, details, subjectUserId) =>
      recordFirmEvent(tx, { firmId: firm.id, event, actorUserId: userId, subjectUserId, details, now }),
  };
}

/**
 * Runs an operation on the caller's firm in one transaction: the firm locked (lockCallerFirm), the caller's role
 * checked, then `work`. Any outcome but one of `commits` (its successes) rolls back what the work wrote
 * (transactionOutcome), so a refused request writes nothing.
 */
export function inCallerFirm<Needs extends NeededRole, Result extends { readonly outcome: string }>(
  context: FirmContext,
  access: { readonly needs: Needs; readonly isReadOnly?: boolean; readonly commits: readonly Result["outcome"][] },
  work: (caller: CallerFirm) => Promise<Result>,
): Promise<Result | CallerFirmRefusal<Needs>> {
  // Typed as the outcomes of the whole, of which the caller's refusals are never one: nothing is written before them.
  const commits = access.commits as readonly (Result | CallerFirmRefusal<Needs>)["outcome"][];
  return transactionOutcome<Result | CallerFirmRefusal<Needs>>(context.db, commits, async (tx) => {
    const locked = await lockCallerFirm({ ...context, db: tx }, access.needs, access);
    return locked.outcome === "locked" ? work(locked) : (locked as CallerFirmRefusal<Needs>);
  });
}

/** The caller's firm's id, for what owners and admins read (the usage report, the trail), or why not. */
export function findAdminFirmId(context: FirmContext) {
  return inCallerFirm(context, { needs: "admin", isReadOnly: true, commits: ["found"] }, async ({ firm }) => ({
    outcome: "found" as const,
    firmId: firm.id,
  }));
}
