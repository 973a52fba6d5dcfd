import { hash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { type SessionSignInMethod, sessions } from "../../db/schema/index.ts";
import { addDays } from "../../lib/clock.ts";

export interface SessionLifetimes {
  idleDays: number;
  absoluteDays: number;
}

export interface ActiveSession {
  id: number;
  userId: number;
  /**
   * When the person last proved who they are: at this session's sign-in or a confirmation in it, or, for a
   * session handed over to the extension, the handing session's proof it inherited (decision 035).
   */
  authenticatedAt: Date;
  /**
   * The proof behind authenticatedAt was given in this session itself. A handed-over session's inherited proof
   * never counts as recent: whoever holds its bearer token has proved nothing (issue 42).
   */
  isProofOwn: boolean;
}

/** Sliding the idle expiry costs a write; once an hour is plenty for lifetimes counted in days. */
const IDLE_REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/** SHA-256 is right here (not a password hash): the secrets are 256 random bits, not guessable words. */
// One-shot crypto.hash: two of these run on every authenticated request, and createHash's
// object per call cost about twice as much (it showed in the read benchmark's profile).
export const hashSecret = (secret: string) => hash("sha256", secret, "base64url");
const newSecret = () => randomBytes(32).toString("base64url");

// Every login writes one: prepared (db/prepared.ts).
const insertSessionStatement = preparedPerDatabase((db) =>
  db
    .insert(sessions)
    .values({
      tokenHash: sql.placeholder("tokenHash"),
      accessKeyHash: sql.placeholder("accessKeyHash"),
      userId: sql.placeholder("userId"),
      createdAt: sql.placeholder("createdAt"),
      lastUsedAt: sql.placeholder("lastUsedAt"),
      idleExpiresAt: sql.placeholder("idleExpiresAt"),
      absoluteExpiresAt: sql.placeholder("absoluteExpiresAt"),
      ipAddress: sql.placeholder("ipAddress"),
      userAgent: sql.placeholder("userAgent"),
      isExtension: sql.placeholder("isExtension"),
      authenticatedAt: sql.placeholder("authenticatedAt"),
      linkedSessionId: sql.placeholder("linkedSessionId"),
      isIndependent: sql.placeholder("isIndependent"),
      signInMethod: sql.placeholder("signInMethod"),
    })
    .prepare("session_insert"),
);

/** Opens a brand-new session (never reusing one presented before) and returns its two secrets. */
export async function openSession(
  db: AppDatabase,
  input: {
    userId: number;
    now: Date;
    lifetimes: SessionLifetimes;
    ipAddress: string;
    userAgent: string | undefined;
    isExtension: boolean;
    /** How the sign-in proved who it was; a handed-over session takes its portal session's (decision 043). */
    signInMethod: SessionSignInMethod;
    /** An extension session handed over by this portal session (decision 028). */
    linkedSessionId?: number;
    isIndependent?: boolean;
    /** A handed-over session inherits its portal session's proof of identity, never fresher (decision 035). */
    authenticatedAt?: Date;
  },
) {
  const token = newSecret();
  const accessKey = newSecret();
  const absoluteExpiresAt = addDays(input.now, input.lifetimes.absoluteDays);
  await insertSessionStatement(db).execute({
    tokenHash: hashSecret(token),
    accessKeyHash: hashSecret(accessKey),
    userId: input.userId,
    createdAt: input.now,
    authenticatedAt: input.authenticatedAt ?? input.now,
    lastUsedAt: input.now,
    idleExpiresAt: addDays(input.now, input.lifetimes.idleDays),
    absoluteExpiresAt,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent?.slice(0, 512),
    isExtension: input.isExtension,
    linkedSessionId: input.linkedSessionId ?? null,
    isIndependent: input.isIndependent ?? false,
    signInMethod: input.signInMethod,
  });
  return { token, accessKey, absoluteExpiresAt };
}

/** A session's two secrets as they are stored: what a lookup compares. */
export interface SessionSecrets {
  tokenHash: string;
  accessKeyHash: string;
}

export const toSessionSecrets = (token: string, accessKey: string): SessionSecrets => ({
  tokenHash: hashSecret(token),
  accessKeyHash: hashSecret(accessKey),
});

/**
 * The live session both secrets name, as a common table expression a statement joins its own rows to, so an
 * authenticated read is one round trip (issue 29). A cookie alone, a key alone, or a key of another session
 * finds nothing. The key's hash is compared by the database: what timing could tell is about a hash of 256
 * random bits, which gives nothing away. Its placeholders: `tokenHash`, `accessKeyHash` and `now` (ISO text),
 * filled by sessionParameters.
 */
export function liveSessionQuery(db: AppDatabase) {
  return db.$with("live_session").as(
    db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        authenticatedAt: sessions.authenticatedAt,
        createdAt: sessions.createdAt,
        linkedSessionId: sessions.linkedSessionId,
        lastUsedAt: sessions.lastUsedAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder("tokenHash")),
          eq(sessions.accessKeyHash, sql.placeholder("accessKeyHash")),
          isNull(sessions.revokedAt),
          gt(sessions.idleExpiresAt, sql.placeholder("now")),
          gt(sessions.absoluteExpiresAt, sql.placeholder("now")),
        ),
      ),
  );
}

/** The session's columns of liveSessionQuery, for a statement's select list. */
export const foundSessionColumns = (live: ReturnType<typeof liveSessionQuery>) => ({
  sessionId: live.sessionId,
  userId: live.userId,
  authenticatedAt: live.authenticatedAt,
  createdAt: live.createdAt,
  linkedSessionId: live.linkedSessionId,
  lastUsedAt: live.lastUsedAt,
  absoluteExpiresAt: live.absoluteExpiresAt,
});

/** The values liveSessionQuery's placeholders take. */
export const sessionParameters = (secrets: SessionSecrets, now: Date) => ({ ...secrets, now: now.toISOString() });

/** What a statement joined to liveSessionQuery read of the session. */
export interface FoundSession {
  sessionId: number;
  userId: number;
  authenticatedAt: Date;
  createdAt: Date;
  linkedSessionId: number | null;
  lastUsedAt: Date;
  absoluteExpiresAt: Date;
}

/**
 * Slides the idle expiry of a session found in use, once an hour at most: lifetimes are counted in days, and
 * a write on every read would double a read's cost. Returns the session as routes see it.
 */
export async function keepSessionAlive(
  db: AppDatabase,
  found: FoundSession,
  now: Date,
  lifetimes: SessionLifetimes,
): Promise<ActiveSession> {
  if (now.getTime() - found.lastUsedAt.getTime() > IDLE_REFRESH_INTERVAL_MS) {
    const idleExpiresAt = new Date(
      Math.min(addDays(now, lifetimes.idleDays).getTime(), found.absoluteExpiresAt.getTime()),
    );
    await db.update(sessions).set({ lastUsedAt: now, idleExpiresAt }).where(eq(sessions.id, found.sessionId));
  }
  return {
    id: found.sessionId,
    userId: found.userId,
    authenticatedAt: found.authenticatedAt,
    // A handed-over session proves something of its own only by a confirmation after it opened.
    isProofOwn: found.linkedSessionId === null || found.authenticatedAt > found.createdAt,
  };
}

const findSessionStatement = preparedPerDatabase((db) => {
  const live = liveSessionQuery(db);
  return db.with(live).select().from(live).prepare("session_find");
});

/**
 * The live session that both secrets belong to, or null: read on every request of a route that does not read
 * it in its own statement. No instance keeps a copy, so a revocation anywhere holds everywhere on the next
 * request (issue 29).
 */
export async function findActiveSession(
  db: AppDatabase,
  input: { secrets: SessionSecrets; now: Date; lifetimes: SessionLifetimes },
): Promise<ActiveSession | null> {
  const [found] = await findSessionStatement(db).execute(sessionParameters(input.secrets, input.now));
  return found ? keepSessionAlive(db, found, input.now, input.lifetimes) : null;
}

/**
 * Ends a session, and the sessions linked to it by an extension handoff (decision 028): logging out of the
 * portal ends the extension sessions it handed over, and logging out of the extension ends the portal session
 * that handed it over, unless the person chose to keep the extension signed in.
 */
export async function revokeSession(db: AppDatabase, sessionId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(sessions.revokedAt),
        or(
          eq(sessions.id, sessionId),
          and(eq(sessions.linkedSessionId, sessionId), eq(sessions.isIndependent, false)),
          sql`${sessions.id} = (select ${sessions.linkedSessionId} from ${sessions} where ${sessions.id} = ${sessionId} and not ${sessions.isIndependent})`,
        ),
      ),
    );
}

/** The account's live sessions, newest first, as the Security tab lists them. */
export async function listLiveSessions(db: AppDatabase, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      isExtension: sessions.isExtension,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

/**
 * Revokes one of the user's sessions, and the extension sessions it handed over that were not kept signed in
 * (as its logout would, issue 42); false when it is not theirs or was already over. Signing an extension
 * session out from the Security tab leaves the portal session that handed it over signed in.
 */
export async function revokeUserSession(db: AppDatabase, userId: number, sessionId: number, now: Date) {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        or(eq(sessions.id, sessionId), and(eq(sessions.linkedSessionId, sessionId), eq(sessions.isIndependent, false))),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.some((row) => row.id === sessionId);
}

/** Revokes every session of the user but one (this device's); returns how many were ended. */
export async function revokeOtherSessions(db: AppDatabase, userId: number, keptSessionId: number, now: Date) {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Records that the person behind a session has just proved who they are again. */
export async function markSessionAuthenticated(db: AppDatabase, sessionId: number, now: Date) {
  await db.update(sessions).set({ authenticatedAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (after a password reset, say). */
export async function revokeUserSessions(db: AppDatabase, userId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
