import { randomBytes } from "node:crypto";
import type { Language } from "@precis/contract/auth";
import { type FirmInvitation, type FirmInvitationPreview, INVITATION_VALID_DAYS } from "@precis/contract/firms";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { firmInvitations, firmMemberships, firms, users } from "../../db/schema/index.ts";
import { addDays } from "../../lib/clock.ts";
import { transactionOutcome } from "../../lib/transaction-outcome.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { emailContextOf, renderEmail } from "../mail/render.ts";
import { hashSecret } from "../sessions/service.ts";
import { displayNameOf, recordFirmEvent } from "./audit.ts";
import { type FirmContext, inCallerFirm, quoted, readUser } from "./caller-firm.ts";
import { toFirmView } from "./firm.ts";
import { admitMember } from "./members.ts";
import { checkSeatForInvitation, checkSeatForJoin, personalPlanNotice } from "./seats.ts";

/* Invitations to a firm: the open ones, sending and resending, revoking, and accepting one. */

const toInvitationView = (row: typeof firmInvitations.$inferSelect, now: Date): FirmInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  sentAt: row.sentAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  isExpired: row.expiresAt <= now,
});

/** The open ones (neither accepted nor revoked), expired ones included, to resend; newest first. */
async function readOpenInvitations(tx: AppDatabase, firmId: number, now: Date) {
  const rows = await tx
    .select()
    .from(firmInvitations)
    .where(
      and(eq(firmInvitations.firmId, firmId), isNull(firmInvitations.acceptedAt), isNull(firmInvitations.revokedAt)),
    )
    .orderBy(desc(firmInvitations.sentAt), desc(firmInvitations.id));
  return rows.map((row) => toInvitationView(row, now));
}

/** `GET /api/firm/invitations`: the firm's open invitations (owners and admins). */
export function listInvitations(context: FirmContext) {
  return inCallerFirm(context, { needs: "admin", isReadOnly: true, commits: ["listed"] }, async ({ tx, firm }) => ({
    outcome: "listed" as const,
    invitations: await readOpenInvitations(tx, firm.id, context.now),
  }));
}

/** The link an invitation carries: the web app's join screen, with the token in the query. */
export const invitationLinkOf = (config: AppConfig, token: string) =>
  `${config.publicUrl}/firm/join?token=${encodeURIComponent(token)}`;

/**
 * `POST /api/firm/invitations`: owners and admins invite an address with a role. Inviting an address that already
 * has an open invitation from the firm is the resend: the same row gets a new token and seven days from now, and
 * the old link stops working. The email is in the invitee's language when they have an account, else the inviter's.
 */
export function inviteToFirm(context: FirmContext, invitation: { email: string; role: "admin" | "member" }) {
  const { config, now, userId } = context;
  return inCallerFirm(context, { needs: "admin", commits: ["invited"] }, async ({ tx, firm, record }) => {
    const inviter = await readUser(tx, userId);
    const [invitee] = await tx.select().from(users).where(eq(users.email, invitation.email)).limit(1);
    if (invitee) {
      const [isMember] = await tx
        .select({ userId: firmMemberships.userId })
        .from(firmMemberships)
        .where(and(eq(firmMemberships.userId, invitee.id), eq(firmMemberships.firmId, firm.id)))
        .limit(1);
      if (isMember) return { outcome: "inviteeAlreadyMember" } as const;
    }
    const seatsFull = await checkSeatForInvitation(tx, firm, now, invitation.email);
    if (seatsFull) return seatsFull;
    const token = randomBytes(32).toString("base64url");
    const [open] = await tx
      .select()
      .from(firmInvitations)
      .where(
        and(
          eq(firmInvitations.firmId, firm.id),
          eq(firmInvitations.email, invitation.email),
          isNull(firmInvitations.acceptedAt),
          isNull(firmInvitations.revokedAt),
        ),
      )
      .for("update");
    const values = {
      tokenHash: hashSecret(token),
      role: invitation.role,
      invitedByUserId: userId,
      sentAt: now,
      expiresAt: addDays(now, INVITATION_VALID_DAYS),
    };
    const [row] = open
      ? await tx.update(firmInvitations).set(values).where(eq(firmInvitations.id, open.id)).returning()
      : await tx
          .insert(firmInvitations)
          .values({ ...values, firmId: firm.id, email: invitation.email, createdAt: now })
          .returning();
    if (!row) throw new Error("the invitation was not written");
    await record(open ? "invitation_resent" : "invitation_sent", { email: invitation.email, role: invitation.role });
    const language: Language = invitee?.locale ?? inviter.locale;
    const email = renderEmail("firmInvitation", language, emailContextOf(config), {
      inviterName: quoted(displayNameOf(inviter)),
      firmName: quoted(firm.name),
      role: invitation.role,
      link: invitationLinkOf(config, token),
      validDays: INVITATION_VALID_DAYS,
    });
    await enqueueEmail(tx, invitation.email, email, now);
    return { outcome: "invited" as const, invitation: toInvitationView(row, now) };
  });
}

/** `DELETE /api/firm/invitations/{id}`: owners and admins revoke an open invitation of their firm; the others remain. */
export function revokeInvitation(context: FirmContext, invitationId: number) {
  return inCallerFirm(context, { needs: "admin", commits: ["revoked"] }, async ({ tx, firm, record }) => {
    const [revoked] = await tx
      .update(firmInvitations)
      .set({ revokedAt: context.now })
      .where(
        and(
          eq(firmInvitations.id, invitationId),
          eq(firmInvitations.firmId, firm.id),
          isNull(firmInvitations.acceptedAt),
          isNull(firmInvitations.revokedAt),
        ),
      )
      .returning();
    if (!revoked) return { outcome: "noSuchInvitation" } as const;
    await record("invitation_revoked", { email: revoked.email, role: revoked.role });
    return { outcome: "revoked" as const, invitations: await readOpenInvitations(tx, firm.id, context.now) };
  });
}

/**
 * Closes an invitation while it is still open, accepted or declined, by a conditional update: of several closings at
 * once exactly one does it. False when another came first.
 */
async function closeOpenInvitation(
  tx: AppDatabase,
  invitationId: number,
  closing: { acceptedAt: Date; acceptedByUserId: number } | { revokedAt: Date },
) {
  const [closed] = await tx
    .update(firmInvitations)
    .set(closing)
    .where(
      and(eq(firmInvitations.id, invitationId), isNull(firmInvitations.acceptedAt), isNull(firmInvitations.revokedAt)),
    )
    .returning({ id: firmInvitations.id });
  return closed !== undefined;
}

/**
 * `POST /api/firm/invitations/accept`: only the account whose verified address is the invited one joins, once.
 * Anyone else is refused without a word about whom the invitation was for, and the invitation stays open. The
 * invitation is spent by a conditional update, so of several accepts at once exactly one joins.
 */
export function acceptInvitation(context: FirmContext, token: string) {
  const { db, now, userId } = context;
  const invitationNotValid = { outcome: "invitationNotValid" } as const;
  const alreadyInFirm = { outcome: "alreadyInFirm" } as const;
  return transactionOutcome(db, ["joined"], async (tx) => {
    const [invitation] = await tx
      .select()
      .from(firmInvitations)
      .where(eq(firmInvitations.tokenHash, hashSecret(token)))
      .limit(1);
    if (!invitation || invitation.acceptedAt || invitation.revokedAt) return invitationNotValid;
    const user = await readUser(tx, userId);
    if (user.email !== invitation.email) return { outcome: "invitationForAnotherAddress" } as const;
    if (!user.emailVerifiedAt) return { outcome: "emailNotVerified" } as const;
    if (invitation.expiresAt <= now) return { outcome: "invitationExpired" } as const;
    const [membership] = await tx.select().from(firmMemberships).where(eq(firmMemberships.userId, userId)).limit(1);
    if (membership?.firmId === invitation.firmId) return { outcome: "alreadyInThisFirm" } as const;
    if (membership) return alreadyInFirm;
    const [firm] = await tx.select().from(firms).where(eq(firms.id, invitation.firmId)).for("update");
    if (!firm) return invitationNotValid;
    // Under the firm's lock: concurrent accepts count each other, and only the free seats are taken.
    const seatsFull = await checkSeatForJoin(tx, firm, now);
    if (seatsFull) return seatsFull;
    if (!(await closeOpenInvitation(tx, invitation.id, { acceptedAt: now, acceptedByUserId: userId }))) {
      return invitationNotValid;
    }
    const details = { email: invitation.email, role: invitation.role };
    const joinedBy = "invitation";
    const isJoined = await admitMember(tx, {
      firm,
      userId,
      role: invitation.role,
      joinedBy,
      event: "invitation_accepted",
      details,
      now,
    });
    // The same account accepting two invitations at once: the other's membership came first, and this spends nothing.
    if (!isJoined) return alreadyInFirm;
    const view = await toFirmView(tx, firm, invitation.role, now);
    return {
      outcome: "joined" as const,
      response: { firm: view, ...(await personalPlanNotice(tx, firm, userId, now)) },
    };
  });
}

/**
 * An open invitation by its link's token, with its firm and inviter, or none: unknown, expired, accepted and
 * withdrawn alike, so whoever holds a token learns nothing of what became of it.
 */
async function findOpenInvitationByToken(tx: AppDatabase, token: string, now: Date) {
  const [found] = await tx
    .select({ invitation: firmInvitations, firm: firms, inviter: users })
    .from(firmInvitations)
    .innerJoin(firms, eq(firms.id, firmInvitations.firmId))
    .leftJoin(users, eq(users.id, firmInvitations.invitedByUserId))
    .where(
      and(
        eq(firmInvitations.tokenHash, hashSecret(token)),
        isNull(firmInvitations.acceptedAt),
        isNull(firmInvitations.revokedAt),
        gt(firmInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return found;
}

const invitationUnknown = { outcome: "invitationUnknown" } as const;

/**
 * `POST /api/firm/invitations/preview`, signed in or out: the firm's name, the inviter's and the role of an open
 * invitation, for the join screen to name before anyone joins. Nothing else: not the invited address.
 */
export async function previewInvitation(db: AppDatabase, token: string, now: Date) {
  const found = await findOpenInvitationByToken(db, token, now);
  if (!found) return invitationUnknown;
  const preview: FirmInvitationPreview = {
    firmName: found.firm.name,
    inviterName: found.inviter ? displayNameOf(found.inviter) : null,
    role: found.invitation.role,
  };
  return { outcome: "found" as const, preview };
}

/**
 * `POST /api/firm/invitations/decline`, signed in or out: the link's holder says no. The invitation is closed as a
 * withdrawal closes it (its link stops working, its seat is free), the firm's trail says it was declined, and the
 * inviter is emailed in their language. The token is the proof, as for the link itself.
 */
export function declineInvitation(context: Omit<FirmContext, "userId">, token: string) {
  const { config, now } = context;
  return transactionOutcome(context.db, ["declined"], async (tx) => {
    const found = await findOpenInvitationByToken(tx, token, now);
    if (!found) return invitationUnknown;
    const { invitation, firm, inviter } = found;
    // A decline racing an accept or a withdrawal: the other came first.
    if (!(await closeOpenInvitation(tx, invitation.id, { revokedAt: now }))) return invitationUnknown;
    await recordFirmEvent(tx, {
      firmId: firm.id,
      event: "invitation_declined",
      actorUserId: null,
      details: { email: invitation.email, role: invitation.role },
      now,
    });
    if (inviter) {
      const params = { firmName: quoted(firm.name), email: invitation.email };
      await enqueueAccountEmail(tx, config, inviter, "firmInvitationDeclined", params, now);
    }
    return { outcome: "declined" as const };
  });
}
