import { eq } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { sessions, users } from "../../db/schema.ts";
import { enqueueEmail } from "../mail/outbox.ts";
import { emailContextOf, greetingNameOf, renderEmail } from "../mail/templates.ts";
import { describeUserAgent } from "./devices.ts";

/** How many earlier sessions are compared: more than anyone's browsers, few enough to read at each sign-in. */
const EARLIER_SESSIONS_COMPARED = 200;

const deviceOf = (userAgent: string | null) => {
  const { browser, system } = describeUserAgent(userAgent);
  return `${browser}|${system}`;
};

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
  const earlier = await db
    .selectDistinct({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, sign.userId))
    .limit(EARLIER_SESSIONS_COMPARED);
  if (earlier.length === 0) return false;
  const device = deviceOf(sign.userAgent ?? null);
  if (earlier.some((session) => deviceOf(session.userAgent) === device)) return false;
  const [user] = await db.select().from(users).where(eq(users.id, sign.userId)).limit(1);
  if (!user) return false;
  const { browser, system } = describeUserAgent(sign.userAgent ?? null);
  await enqueueEmail(
    db,
    user.email,
    renderEmail("newSignIn", user.locale, emailContextOf(config), {
      name: greetingNameOf(user),
      when: new Intl.DateTimeFormat(user.locale === "fr" ? "fr-CA" : "en-CA", {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: "America/Toronto",
      }).format(sign.now),
      device: [browser, system].filter(Boolean).join(", "),
      ipAddress: sign.ipAddress,
    }),
    sign.now,
  );
  return true;
}
