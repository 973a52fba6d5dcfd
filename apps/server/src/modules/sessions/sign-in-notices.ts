import { and, eq, sql } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/index.ts";
import { describeUserAgent, getDeviceFamily } from "../../lib/user-agents.ts";
import { enqueueAccountEmail } from "../mail/account-email.ts";
import { formatEmailTime } from "../mail/occurrence.ts";

/** How many earlier sessions are compared: more than anyone's browsers, few enough to read at each sign-in. */
const EARLIER_SESSIONS_COMPARED = 200;

/**
 * Before a sign-in opens its session: when the browser and system are ones this account has not used before
 * (among its sessions still on record), the owner is emailed when, from what and from where, and what to do if
 * it wasn't them. An account's first session (its registration) is no news.
 */
export async function noticeSignInFromNewDevice(
  db: AppDatabase,
  config: AppConfig,
  sign: { userId: number; userAgent: string | undefined; ipAddress: string; now: Date },
) {
  const userAgent = sign.userAgent?.slice(0, 512) ?? null;
  // The usual case, answered by the first matching row: this very user agent signed in before.
  const [same] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, sign.userId), sql`${sessions.userAgent} is not distinct from ${userAgent}`))
    .limit(1);
  if (same) return false;
  const earlier = await db
    .selectDistinct({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, sign.userId))
    .limit(EARLIER_SESSIONS_COMPARED);
  if (earlier.length === 0) return false;
  // A browser that updated itself since is not a new one: browsers and systems are compared by name.
  const family = getDeviceFamily(userAgent);
  if (earlier.some((session) => getDeviceFamily(session.userAgent) === family)) return false;
  const [user] = await db.select().from(users).where(eq(users.id, sign.userId)).limit(1);
  if (!user) return false;
  const { browser, system } = describeUserAgent(sign.userAgent ?? null);
  await enqueueAccountEmail(
    db,
    config,
    user,
    "newSignIn",
    {
      when: formatEmailTime(sign.now, user.locale),
      device: [browser, system].filter(Boolean).join(", "),
      ipAddress: sign.ipAddress,
    },
    sign.now,
  );
  return true;
}
