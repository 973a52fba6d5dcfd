import type { Profile, UpdateProfileRequest } from "@precis/contract/profile";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppDatabase } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { hasAcceptedCurrentVersions } from "../privacy/consents.ts";

/** The profile as SPEC §3 shapes it; null when the account no longer exists. */
export async function getProfile(db: AppDatabase, userId: number): Promise<Profile | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  return {
    name: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    organization: user.organization,
    areaOfLaw: user.areaOfLaw,
    topicsOfInterest: user.topicsOfInterest as Profile["topicsOfInterest"],
    occupation: user.occupation,
    internal: user.isInternal,
    emailVerified: user.emailVerifiedAt !== null,
    ...(hasAcceptedCurrentVersions(user) ? {} : { mustAcceptTerms: true as const }),
    ...(user.deletionScheduledFor ? { deletionScheduledFor: user.deletionScheduledFor.toISOString() } : {}),
  };
}

/**
 * The answer of GET /api/user-details for a signed-in user, reused by this instance for up to a second
 * (decision 009). The signed-in frames read the account through it too (decision 017).
 */
export function readUserDetails(app: FastifyInstance, userId: number) {
  return app.reuseRead(`profile:${userId}`, async () => ({ userProfile: await getProfile(app.database.db, userId) }));
}

export type UpdateProfileResult =
  | { outcome: "updated"; profile: Profile | null }
  | { outcome: "emailIsReadOnly" | "usernameIsReadOnly" };

/**
 * Saves the fields given (all validated by the caller's schema) and returns the profile as saved. SPEC §7's
 * body repeats the username and the email, which are read-only: equal to the stored values they change
 * nothing, and a different value is refused before anything is written.
 */
export async function updateProfile(
  db: AppDatabase,
  userId: number,
  { username, email, ...changes }: UpdateProfileRequest,
  now: Date,
): Promise<UpdateProfileResult> {
  if (username !== undefined || email !== undefined) {
    const [stored] = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (stored && email !== undefined && email.toLowerCase() !== stored.email) return { outcome: "emailIsReadOnly" };
    if (stored && username !== undefined && username !== stored.username) return { outcome: "usernameIsReadOnly" };
  }
  if (Object.keys(changes).length > 0) {
    await db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, userId));
  }
  return { outcome: "updated", profile: await getProfile(db, userId) };
}
