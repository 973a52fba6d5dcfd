import { and, eq } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { firmDomains, firmMemberships } from "../../db/schema.ts";
import { recordFirmEvent } from "./audit.ts";
import { domainOf } from "./domains.ts";

/**
 * When an address is proven (verification/service.ts, markEmailVerified, in its transaction), a person in no firm
 * whose address is at a firm's `automatic` domain joins that firm as a member. Phase 2 adds "while seats remain":
 * a subscribed firm with no free seat leaves them out, and its admins see the refusal in the trail.
 */
export async function joinFirmByVerifiedDomain(tx: AppDatabase, userId: number, email: string, now: Date) {
  const domain = domainOf(email);
  const [automatic] = await tx
    .select({ firmId: firmDomains.firmId })
    .from(firmDomains)
    .where(and(eq(firmDomains.domain, domain), eq(firmDomains.joinMode, "automatic")));
  if (!automatic) return;
  // A person belongs to at most one firm: one already in a firm stays where they are.
  const [joined] = await tx
    .insert(firmMemberships)
    .values({ userId, firmId: automatic.firmId, role: "member", joinedBy: "domain", joinedAt: now })
    .onConflictDoNothing({ target: firmMemberships.userId })
    .returning({ userId: firmMemberships.userId });
  if (!joined) return;
  await recordFirmEvent(tx, {
    firmId: automatic.firmId,
    event: "member_joined",
    actorUserId: userId,
    subjectUserId: userId,
    details: { domain },
    now,
  });
}
