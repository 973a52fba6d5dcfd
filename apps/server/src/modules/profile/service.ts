import type { Profile, UpdateProfileRequest } from "@precis/contract/profile";
import { eq, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { users } from "../../db/schema/index.ts";
import { hasAcceptedCurrentVersions } from "../accounts/consents.ts";
import {
  type FoundSession,
  foundSessionColumns,
  liveSessionQuery,
  type SessionSecrets,
  sessionParameters,
} from "../sessions/service.ts";

const profileColumns = {
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  organization: users.organization,
  areaOfLaw: users.areaOfLaw,
  topicsOfInterest: users.topicsOfInterest,
  occupation: users.occupation,
  isInternal: users.isInternal,
  emailVerifiedAt: users.emailVerifiedAt,
  acceptedTermsVersion: users.acceptedTermsVersion,
  acceptedPrivacyVersion: users.acceptedPrivacyVersion,
  deletionScheduledFor: users.deletionScheduledFor,
};

type ProfileRow = { [Key in keyof typeof profileColumns]: (typeof users.$inferSelect)[Key] };
type ProfileFieldsRow = Omit<ProfileRow, "acceptedTermsVersion" | "acceptedPrivacyVersion" | "deletionScheduledFor">;

const profileStatement = preparedPerDatabase((db) =>
  db
    .select(profileColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("profile_read"),
);

/** The profile as product §3 shapes it; null when the account no longer exists. */
export async function getProfile(db: AppDatabase, userId: number): Promise<Profile | null> {
  const [user] = await profileStatement(db).execute({ userId });
  return user ? toProfile(user) : null;
}

/** GET /api/user-details: the session and the profile in one statement (issue 29). */
const sessionProfileStatement = preparedPerDatabase((db) => {
  const live = liveSessionQuery(db);
  return db
    .with(live)
    .select({ session: foundSessionColumns(live), user: profileColumns })
    .from(live)
    .innerJoin(users, eq(users.id, live.userId))
    .prepare("session_profile_read");
});

/** The live session both secrets name and its account's profile; null when they name no live session. */
export async function readSessionProfile(
  db: AppDatabase,
  secrets: SessionSecrets,
  now: Date,
): Promise<{ session: FoundSession; profile: Profile } | null> {
  const [row] = await sessionProfileStatement(db).execute(sessionParameters(secrets, now));
  return row ? { session: row.session, profile: toProfile(row.user) } : null;
}

/**
 * A person's own fields as the API names them, the same in the profile and in the account's export: the
 * profile adds what the page must act on (terms to accept, a scheduled deletion).
 */
export function profileFieldsOf(user: ProfileFieldsRow) {
  return {
    name: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    organization: user.organization,
    areaOfLaw: user.areaOfLaw,
    topicsOfInterest: user.topicsOfInterest as Profile["topicsOfInterest"],
    occupation: user.occupation as Profile["occupation"],
    internal: user.isInternal,
    emailVerified: user.emailVerifiedAt !== null,
  } satisfies Profile;
}

function toProfile(user: ProfileRow): Profile {
  return {
    ...profileFieldsOf(user),
    ...(hasAcceptedCurrentVersions(user) ? {} : { mustAcceptTerms: true as const }),
    ...(user.deletionScheduledFor ? { deletionScheduledFor: user.deletionScheduledFor.toISOString() } : {}),
  };
}

export type UpdateProfileResult =
  | { outcome: "updated"; profile: Profile | null }
  | { outcome: "emailIsReadOnly" | "usernameIsReadOnly" };

/**
 * Saves the fields given (all validated by the caller's schema) and returns the profile as saved. product §7's
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
