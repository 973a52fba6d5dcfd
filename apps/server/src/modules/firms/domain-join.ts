import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { firmDomains, firmMemberships, firms, users } from "../../db/schema/index.ts";
import { transactionOutcome } from "../../lib/transaction-outcome.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { asQuotedData } from "../mail/user-text.ts";
import { displayNameOf, recordFirmEvent } from "./audit.ts";
import { domainOf } from "./domains.ts";
import { admitMember } from "./members.ts";
import { firmAdminsOf, personalPlanNotice, seatsForUninvitedJoin } from "./seats.ts";

const alreadyInFirm = { outcome: "alreadyInFirm" } as const;

/** A person joins as a member by their address's domain (members.ts, admitMember: false when in a firm already). */
const admitByDomain = (tx: AppDatabase, firm: typeof firms.$inferSelect, userId: number, domain: string, now: Date) =>
  admitMember(tx, {
    firm,
    userId,
    role: "member",
    joinedBy: "domain",
    event: "member_joined",
    details: { domain },
    now,
  });

/**
 * When an address is proven (verification/service.ts, markEmailVerified, in its transaction), a person in no firm
 * whose address is at a firm's `automatic` domain, proven by DNS, joins that firm as a member, while seats remain:
 * a subscribed firm with no free seat (members and open invitations hold them) leaves them out (their verification
 * goes on), and its admins see the refusal in the trail and are emailed. Nobody invited them, so they are emailed which firm manages their access now and how to leave.
 */
export async function joinFirmByVerifiedDomain(
  tx: AppDatabase,
  config: AppConfig,
  userId: number,
  email: string,
  now: Date,
) {
  const domain = domainOf(email);
  const [automatic] = await tx
    .select({ firmId: firmDomains.firmId })
    .from(firmDomains)
    .where(and(eq(firmDomains.domain, domain), eq(firmDomains.joinMode, "automatic"), isNotNull(firmDomains.provenAt)));
  if (!automatic) return;
  const [member] = await tx.select().from(firmMemberships).where(eq(firmMemberships.userId, userId)).limit(1);
  if (member) return;
  // The firm's row locked, as every change to its members takes it, so the seats are counted once at a time.
  const [firm] = await tx.select().from(firms).where(eq(firms.id, automatic.firmId)).for("update");
  if (!firm) return;
  const seatCount = await seatsForUninvitedJoin(tx, firm, now, email);
  if (!seatCount.isFree) {
    const { seats, members, openInvitations } = seatCount;
    await recordFirmEvent(tx, {
      firmId: firm.id,
      event: "seat_refused",
      actorUserId: null,
      subjectUserId: userId,
      details: { domain, seats, members, openInvitations },
      now,
    });
    // The admins hear of it at once: the newcomer expected to be in, and only an admin can make room.
    const params = { firmName: asQuotedData(firm.name, 100), email, domain, seats, members, openInvitations };
    for (const admin of await firmAdminsOf(tx, firm.id)) {
      await enqueueAccountEmail(tx, config, admin, "firmSeatRefused", params, now);
    }
    return;
  }
  // A person belongs to at most one firm: one already in a firm stays where they are.
  if (!(await admitByDomain(tx, firm, userId, domain, now))) return;
  await emailJoinedByDomain(tx, config, { userId, firm, domain, now });
}

/** The email to a person an automatic domain brought in: the firm (by name, in the body only), leaving, a contact. */
async function emailJoinedByDomain(
  tx: AppDatabase,
  config: AppConfig,
  { userId, firm, domain, now }: { userId: number; firm: typeof firms.$inferSelect; domain: string; now: Date },
) {
  const [person] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  // The longest-standing owner answers for the firm: an owner always exists (decision 037).
  const [owner] = await tx
    .select({ user: users })
    .from(firmMemberships)
    .innerJoin(users, eq(users.id, firmMemberships.userId))
    .where(and(eq(firmMemberships.firmId, firm.id), eq(firmMemberships.role, "owner")))
    .orderBy(asc(firmMemberships.joinedAt), asc(firmMemberships.userId))
    .limit(1);
  if (!person || !owner) return;
  await enqueueAccountEmail(
    tx,
    config,
    person,
    "firmJoinedByDomain",
    {
      firmName: asQuotedData(firm.name, 100),
      domain,
      firmLink: `${config.publicUrl}/firm`,
      contactName: asQuotedData(displayNameOf(owner.user), 100),
      contactEmail: owner.user.email,
    },
    now,
  );
}

/**
 * `POST /api/firm/join-by-domain`: the person Home offered "Join <firm>" takes it. They join as a member when their
 * verified address is at a `suggest` or `automatic` domain of that firm, in one transaction with the trail's entry.
 * A refusal writes nothing. A firm the caller's domain does not belong to gets the same 404 whether or not it
 * exists, so firm ids cannot be probed from here.
 */
export function joinFirmByDomain(db: AppDatabase, userId: number, firmId: number, now: Date) {
  return transactionOutcome(db, ["joined"], async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new Error(`user ${userId} of a live session does not exist`);
    if (!user.emailVerifiedAt) return { outcome: "emailNotVerified" } as const;
    const [membership] = await tx.select().from(firmMemberships).where(eq(firmMemberships.userId, userId)).limit(1);
    if (membership?.firmId === firmId) return { outcome: "alreadyInThisFirm" } as const;
    if (membership) return alreadyInFirm;
    const domain = domainOf(user.email);
    // The firm's row locked, as every change to its members takes it (caller-firm.ts, lockCallerFirm).
    const [firm] = await tx.select().from(firms).where(eq(firms.id, firmId)).for("update");
    const [claimed] = firm
      ? await tx
          .select({ joinMode: firmDomains.joinMode, provenAt: firmDomains.provenAt })
          .from(firmDomains)
          .where(and(eq(firmDomains.domain, domain), eq(firmDomains.firmId, firmId)))
      : [];
    if (!firm || !claimed) return { outcome: "domainNotAdded", domain } as const;
    // Suggest and automatic count only while DNS proves the domain is the firm's (decision 038).
    if (claimed.joinMode === "invitation" || !claimed.provenAt) {
      return { outcome: "domainByInvitationOnly", domain } as const;
    }
    // Under the firm's lock: concurrent joins count each other, and only the free seats are taken.
    const { isFree, seats } = await seatsForUninvitedJoin(tx, firm, now, user.email);
    if (!isFree) return { outcome: "seatsFullForJoin", seats } as const;
    // Two joins at once by the same account (or a join racing an invitation's accept): the other came first.
    if (!(await admitByDomain(tx, firm, userId, domain, now))) return alreadyInFirm;
    // The seat covers a personal plan the person pays for: the answer says so; nothing is cancelled for them.
    return { outcome: "joined" as const, notice: await personalPlanNotice(tx, firm, userId, now) };
  });
}
