import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { sessions } from "../../db/schema.ts";
import { addDays } from "../../lib/clock.ts";
import type { SessionCache } from "./cache.ts";

export interface SessionLifetimes {
  idleDays: number;
  absoluteDays: number;
}

export interface ActiveSession {
  id: number;
  userId: number;
  /** When the person last proved who they are in this session (sign-in or confirmation). */
  authenticatedAt: Date;
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
      authenticatedAt: sql.placeholder("createdAt"),
      linkedSessionId: sql.placeholder("linkedSessionId"),
      isIndependent: sql.placeholder("isIndependent"),
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
    /** An extension session handed over by this portal session (decision 028). */
    linkedSessionId?: number;
    isIndependent?: boolean;
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
    lastUsedAt: input.now,
    idleExpiresAt: addDays(input.now, input.lifetimes.idleDays),
    absoluteExpiresAt,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent?.slice(0, 512),
    isExtension: input.isExtension,
    linkedSessionId: input.linkedSessionId ?? null,
    isIndependent: input.isIndependent ?? false,
  });
  return { token, accessKey, absoluteExpiresAt };
}

export interface SessionRow {
  id: number;
  userId: number;
  authenticatedAt: Date;
  accessKeyHash: string;
  lastUsedAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

/** The unrevoked session a cookie names, whatever its expiry (checked per request against the app's clock). */
async function readSessionRow(db: AppDatabase, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      authenticatedAt: sessions.authenticatedAt,
      accessKeyHash: sessions.accessKeyHash,
      lastUsedAt: sessions.lastUsedAt,
      idleExpiresAt: sessions.idleExpiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** The row a cookie's token names; with a cache, one read less than a second ago is reused. */
function readSessionRowOf(db: AppDatabase, token: string, cache: SessionCache<SessionRow | null> | undefined) {
  const tokenHash = hashSecret(token);
  return cache ? cache.get(tokenHash, () => readSessionRow(db, tokenHash)) : readSessionRow(db, tokenHash);
}

/**
 * The live session that both secrets belong to, or null. A cookie alone, a key alone, or a key
 * of another session proves nothing. With a cache, a row read less than a second ago is reused.
 */
export async function findActiveSession(
  db: AppDatabase,
  input: { token: string; accessKey: string; now: Date; lifetimes: SessionLifetimes },
  cache?: SessionCache<SessionRow | null>,
): Promise<ActiveSession | null> {
  const row = await readSessionRowOf(db, input.token, cache);
  if (!row || !isSameSecret(row.accessKeyHash, hashSecret(input.accessKey))) return null;
  if (row.idleExpiresAt <= input.now || row.absoluteExpiresAt <= input.now) return null;

  if (input.now.getTime() - row.lastUsedAt.getTime() > IDLE_REFRESH_INTERVAL_MS) {
    const idleExpiresAt = new Date(
      Math.min(addDays(input.now, input.lifetimes.idleDays).getTime(), row.absoluteExpiresAt.getTime()),
    );
    // The cached row moves with it, so requests in the next second don't write again.
    row.lastUsedAt = input.now;
    row.idleExpiresAt = idleExpiresAt;
    await db.update(sessions).set({ lastUsedAt: input.now, idleExpiresAt }).where(eq(sessions.id, row.id));
  }
  return { id: row.id, userId: row.userId, authenticatedAt: row.authenticatedAt };
}

/**
 * The user whose live session a cookie names, without its access key; null for none. Decides only which
 * HTML a page request gets (decisions 016 and 017): it neither needs the key nor slides the expiry.
 */
export async function findLiveSessionUserId(
  db: AppDatabase,
  input: { token: string; now: Date },
  cache?: SessionCache<SessionRow | null>,
): Promise<number | null> {
  const row = await readSessionRowOf(db, input.token, cache);
  const isLive = row !== null && row.idleExpiresAt > input.now && row.absoluteExpiresAt > input.now;
  return isLive ? row.userId : null;
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

/** Revokes one of the user's sessions; false when it is not theirs or was already over. */
export async function revokeUserSession(db: AppDatabase, userId: number, sessionId: number, now: Date) {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
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

function isSameSecret(storedHash: string, presentedHash: string) {
  const stored = Buffer.from(storedHash);
  const presented = Buffer.from(presentedHash);
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}
