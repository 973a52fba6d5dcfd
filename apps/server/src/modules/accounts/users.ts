import { eq } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

/** The account behind a live session, a pending sign-in or a handoff: it exists, or the database is inconsistent. */
export async function getAccountUser(db: AppDatabase, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} of a live session does not exist`);
  return user;
}
