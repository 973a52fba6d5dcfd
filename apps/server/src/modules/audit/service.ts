import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppDatabase } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { auditEvents } from "../../db/schema/index.ts";

export const auditEventTypes = [
  "registered",
  "logged_in",
  "login_failed",
  "locked",
  "reset_requested",
  "reset_completed",
  "reset_failed",
  "logged_out",
  "sso_registered",
  "sso_logged_in",
  "sso_login_failed",
  "sso_linked",
  "email_changed",
  "verification_sent",
  "verification_failed",
  "email_verified",
  "sso_account_secured",
  "session_revoked",
  "sessions_revoked",
  "password_changed",
  "reauthenticated",
  "data_exported",
  "deletion_requested",
  "deletion_cancelled",
  "account_deleted",
  "mfa_enabled",
  "mfa_disabled",
  "recovery_codes_renewed",
  "second_factor_failed",
  "second_step_unlocked",
  "passkey_added",
  "passkey_removed",
  "extension_signed_in",
  "email_change_undone",
] as const;
export type AuditEventType = (typeof auditEventTypes)[number];

/**
 * Records a security event with who, when (UTC, by the database) and from where.
 * Details must never carry a password, code, cookie or key.
 */
export async function recordAuditEvent(
  db: AppDatabase,
  origin: RequestOrigin,
  event: AuditEventType,
  userId: number | null,
  details?: Record<string, string | number | boolean>,
) {
  await insertStatement(db).execute({
    event,
    userId,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
    requestId: origin.requestId,
    details: details ? JSON.stringify(details) : null,
  });
}

// Every login and failed guess writes one: prepared (db/prepared.ts).
const insertStatement = preparedPerDatabase((db) =>
  db
    .insert(auditEvents)
    .values({
      event: sql.placeholder("event"),
      userId: sql.placeholder("userId"),
      ipAddress: sql.placeholder("ipAddress"),
      userAgent: sql.placeholder("userAgent"),
      requestId: sql.placeholder("requestId"),
      // Outside a bound column, so none of drizzle's JSON encoding: it would turn "no details" into JSON null.
      details: sql`${sql.placeholder("details")}`,
    })
    .prepare("audit_event_insert"),
);

/** Where a request came from, as the audit log records it. */
export interface RequestOrigin {
  ipAddress: string;
  userAgent: string | undefined;
  requestId: string;
}

export function getRequestOrigin(request: FastifyRequest): RequestOrigin {
  return { ipAddress: request.ip, userAgent: request.headers["user-agent"], requestId: String(request.id) };
}
