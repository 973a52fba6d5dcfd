import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { firmLeaveLinks, firmMemberships, firms, users } from "../../db/schema/index.ts";
import { addSeconds } from "../../lib/clock.ts";
import { transactionOutcome } from "../../lib/transaction-outcome.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { asQuotedData } from "../mail/user-text.ts";
import { hashSecret } from "../sessions/service.ts";
import { leaveFirmIn } from "./members.ts";

/*
 * Leaving a firm by an emailed link (issue 53: a firm's policy never takes away a person's own rights; decision
 * 043). A person whose firm refuses every way they can sign in asks, with their address, for a link; the link,
 * opened and confirmed, takes them out of the firm without a session: the mailbox proves who they are, as a
 * password reset's code does. Their account, export and deletion stay theirs throughout.
 */

/** How long a link stays good. */
export const LEAVE_LINK_HOURS = 24;

export const leaveLinkOf = (config: AppConfig, token: string) =>
  `${config.publicUrl}/firm/leave?token=${encodeURIComponent(token)}`;

/**
 * Mails a link to `email` when it is the address of a firm's member; says nothing either way (the route answers
 * alike), so the request tells nobody whether an address has an account or a firm. A new link voids the older ones.
 */
export async function requestLeaveLink(input: { db: AppDatabase; config: AppConfig; email: string; now: Date }) {
  const { db, config, now } = input;
  const [row] = await db
    .select({ user: users, firmId: firms.id, firmName: firms.name })
    .from(users)
    .innerJoin(firmMemberships, eq(firmMemberships.userId, users.id))
    .innerJoin(firms, eq(firms.id, firmMemberships.firmId))
    .where(eq(users.email, input.email.toLowerCase()))
    .limit(1);
  if (!row) return false;
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx
      .update(firmLeaveLinks)
      .set({ usedAt: now })
      .where(and(eq(firmLeaveLinks.userId, row.user.id), isNull(firmLeaveLinks.usedAt)));
    await tx.insert(firmLeaveLinks).values({
      tokenHash: hashSecret(token),
      userId: row.user.id,
      firmId: row.firmId,
      createdAt: now,
      expiresAt: addSeconds(now, LEAVE_LINK_HOURS * 3600),
    });
    await enqueueAccountEmail(
      tx,
      config,
      row.user,
      "firmLeaveLink",
      { firmName: asQuotedData(row.firmName, 100), link: leaveLinkOf(config, token), validHours: LEAVE_LINK_HOURS },
      now,
    );
  });
  return true;
}

/**
 * Uses a link: in one transaction, takes the token (good once, unexpired, for the firm the person is still in) and
 * leaves that firm as `POST /api/firm/leave` does. A token that is no good is `linkUsedOrExpired`; a link to a firm
 * the person is no longer in is spent by it, and does nothing. The last owner's refusal rolls the whole back, the
 * link still good for when another owner is named.
 */
export function leaveByLink(input: { db: AppDatabase; config: AppConfig; token: string; now: Date }) {
  const { db, config, now } = input;
  const linkUsedOrExpired = { outcome: "linkUsedOrExpired" } as const;
  // A link found spent stays spent: that refusal commits.
  return transactionOutcome(db, ["left", "linkUsedOrExpired"], async (tx) => {
    const [link] = await tx
      .update(firmLeaveLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(firmLeaveLinks.tokenHash, hashSecret(input.token)),
          isNull(firmLeaveLinks.usedAt),
          gt(firmLeaveLinks.expiresAt, now),
        ),
      )
      .returning();
    if (!link) return linkUsedOrExpired;
    const [membership] = await tx
      .select({ firmId: firmMemberships.firmId })
      .from(firmMemberships)
      .where(eq(firmMemberships.userId, link.userId))
      .limit(1);
    // Already out of that firm (left, removed, or in another since): the link is spent and does nothing.
    if (membership?.firmId !== link.firmId) return linkUsedOrExpired;
    return leaveFirmIn({ db: tx, config, now, userId: link.userId });
  });
}
