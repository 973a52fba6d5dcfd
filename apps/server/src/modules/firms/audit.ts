import type { FirmAuditEvent, FirmAuditEventType } from "@precis/contract/firms";
import { and, desc, eq, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppDatabase } from "../../db/client.ts";
import { firmAuditEvents, users } from "../../db/schema/index.ts";

export type FirmAuditDetails = Record<string, string | number | boolean | null>;

/** Records a change to a firm, in the transaction of the change itself: it is there if and only if the change is. */
export async function recordFirmEvent(
  tx: AppDatabase,
  entry: {
    firmId: number;
    event: FirmAuditEventType;
    actorUserId: number | null;
    subjectUserId?: number | null;
    details?: FirmAuditDetails;
    now: Date;
  },
) {
  await tx.insert(firmAuditEvents).values({
    firmId: entry.firmId,
    event: entry.event,
    occurredAt: entry.now,
    actorUserId: entry.actorUserId,
    subjectUserId: entry.subjectUserId ?? null,
    details: entry.details ?? {},
  });
}

/** How the trail names a person: their full name as they gave it, else their username. */
export const displayNameOf = (user: { firstName: string; lastName: string; username: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.username;

const actors = alias(users, "actors");
const subjects = alias(users, "subjects");

/** One page of the firm's trail, newest first, before the event id `before` when given. */
export async function listFirmEvents(
  db: AppDatabase,
  firmId: number,
  page: { before?: number; limit: number },
): Promise<{ events: FirmAuditEvent[]; nextBefore: number | null }> {
  const rows = await db
    .select({
      event: firmAuditEvents,
      actor: { id: actors.id, firstName: actors.firstName, lastName: actors.lastName, username: actors.username },
      subject: {
        id: subjects.id,
        firstName: subjects.firstName,
        lastName: subjects.lastName,
        username: subjects.username,
      },
    })
    .from(firmAuditEvents)
    .leftJoin(actors, eq(actors.id, firmAuditEvents.actorUserId))
    .leftJoin(subjects, eq(subjects.id, firmAuditEvents.subjectUserId))
    .where(
      and(
        eq(firmAuditEvents.firmId, firmId),
        page.before === undefined ? undefined : lt(firmAuditEvents.id, page.before),
      ),
    )
    .orderBy(desc(firmAuditEvents.id))
    // One more than the page, to know whether an older page exists.
    .limit(page.limit + 1);
  const events = rows.slice(0, page.limit).map(({ event, actor, subject }) => ({
    id: event.id,
    event: event.event as FirmAuditEventType,
    occurredAt: event.occurredAt.toISOString(),
    actor: actor ? { userId: actor.id, name: displayNameOf(actor) } : null,
    subject: subject ? { userId: subject.id, name: displayNameOf(subject) } : null,
    details: event.details,
  }));
  const last = events.at(-1);
  return { events, nextBefore: rows.length > page.limit && last ? last.id : null };
}
