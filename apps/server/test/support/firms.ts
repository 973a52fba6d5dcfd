import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { firmInvitations, firmMemberships, users } from "../../src/db/schema/index.ts";
import { hashSecret } from "../../src/modules/sessions/service.ts";
import type { TestServer } from "../harness.ts";
import { type RegistrationOptions, registerAccount, type Session } from "./accounts.ts";
import { callOperation } from "./operations.ts";
import type { TestClock } from "./test-server.ts";

/** A signed-in account of a firm test, with its id and address. */
export type Person = Session & { userId: number; email: string };

/**
 * The people and firms of a firm test on the file's server: accounts registered through the API (verified
 * unless told), and firms created by their owner, whose other people joined as an accepted invitation leaves them.
 */
export function createFirmPeople(server: TestServer, time: TestClock) {
  async function person(
    email: string,
    { isVerified = true, details }: Pick<RegistrationOptions, "isVerified" | "details"> = {},
  ): Promise<Person> {
    const { session } = await registerAccount(server, email, { isVerified, details });
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    return { ...session, userId: user.id, email };
  }

  /** A new account, in the firm with `role`. */
  async function join(firmId: number, email: string, role: "admin" | "member") {
    const joined = await person(email);
    await server.database.db
      .insert(firmMemberships)
      .values({ userId: joined.userId, firmId, role, joinedBy: "invitation", joinedAt: time.clock() });
    return joined;
  }

  /** A firm with an owner and `memberCount` members. */
  async function firmOf(prefix: string, memberCount = 1) {
    const owner = await person(`owner@${prefix}.example`);
    const created = await callOperation(server, owner, "createFirm", { body: { name: `${prefix} LLP` } });
    expect(created.statusCode, created.body).toBe(200);
    const firmId: number = created.json().firm.id;
    const members: Person[] = [];
    for (let index = 1; index <= memberCount; index += 1)
      members.push(await join(firmId, `member${index}@${prefix}.example`, "member"));
    return { owner, members, firmId };
  }

  /** An open invitation written as inviteToFirm writes one, valid 7 days, with a token the test knows. */
  async function invitationFor(firmId: number, email: string, invitedBy: number, role: "admin" | "member" = "member") {
    const token = `token-${email.replace(/\W/g, "-")}-0123456789abcdef`;
    await server.database.db.insert(firmInvitations).values({
      firmId,
      email,
      role,
      tokenHash: hashSecret(token),
      invitedByUserId: invitedBy,
      sentAt: time.clock(),
      expiresAt: new Date(time.clock().getTime() + 7 * 86_400_000),
      createdAt: time.clock(),
    });
    return token;
  }

  return { person, join, firmOf, invitationFor };
}
