import type { OperationName } from "@precis/contract/operations";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { firmInvitations, firmMatterUsage, firms, users } from "../src/db/schema/index.ts";
import { fillMissingFirmNameSkeletons, getFirmNameSkeleton } from "../src/modules/firms/name-skeleton.ts";
import { createTestClock } from "./harness.ts";
import { postRegistration, registerAccount, type Session, TEST_PASSWORD } from "./support/accounts.ts";
import { createFirmPeople } from "./support/firms.ts";
import { callOperation, type OperationCall } from "./support/operations.ts";
import { useTestServer } from "./support/test-server.ts";

/**
 * Issue 53, findings 10 and 11: no attacker's text in Precis's mail (fixed subjects, names quoted in the body, a
 * greeting that is only a name, the invitation cap per mailbox), and names and codes without invisible tricks
 * (bidirectional controls and zero-width characters refused, the CSV neutraliser, look-alike firm names), through
 * the API on the real database, with the mail read from a real SMTP server.
 */
const time = createTestClock();
const server = useTestServer({ time, smtp: true, env: { REGISTER_MAX_PER_IP: "1000", AUTH_MAX_PER_IP: "1000" } });
const { person, firmOf } = createFirmPeople(server, time);
const call = (who: Session | null, name: OperationName, options?: OperationCall) =>
  callOperation(server, who, name, options);

/** The mail the worker delivered to `to` through the SMTP server. */
async function deliveredTo(to: string) {
  await server.app.mailWorker.runOnce();
  return server.smtp.inbox.filter((mail) => mail.to === to);
}

const firmCount = async () => (await server.database.db.select({ value: count() }).from(firms))[0]?.value;

/** The finding's own text, a firm name meant to read as Precis's word in a subject. */
const PHISHING_NAME = "Your Precis account is suspended — re-enter password at precis-login.example";

describe("mail with no attacker text in it (finding 10)", () => {
  it("gives an invitation a fixed subject, and quotes the firm's and inviter's names in the body as names", async () => {
    const owner = await person("owner@phish-subject.example");
    await server.database.db
      .update(users)
      .set({ firstName: "Call", lastName: "1-800-555-0199" })
      .where(eq(users.id, owner.userId));
    const created = await call(owner, "createFirm", { body: { name: PHISHING_NAME } });
    expect(created.statusCode, created.body).toBe(200);
    const invited = await call(owner, "inviteToFirm", { body: { email: "lawyer@victim.example", role: "member" } });
    expect(invited.statusCode, invited.body).toBe(200);

    const [mail] = await deliveredTo("lawyer@victim.example");
    expect(mail?.subject).toBe("An invitation to join a firm on Precis");
    expect(mail?.text).toContain(
      "The person named “Call 1-800-555-0199” invited you to join the firm named “Your Precis account is suspended — re-enter password at precis-login[.]example” on Precis as a member.",
    );
    expect(mail?.html).not.toContain("precis-login.example");
  });

  it('greets with "Hello," alone when the first name holds a phone number', async () => {
    await registerAccount(server, "greeted@phish-greeting.example", {
      details: { firstName: "call 1-800-555-0199" },
    });
    const [mail] = await deliveredTo("greeted@phish-greeting.example");
    expect(mail?.subject).toBe("Confirm your Precis email address");
    expect(mail?.text.startsWith("Hello,\n\n")).toBe(true);
    expect(mail?.text).not.toContain("555");
    // A first name that is a name still greets.
    await registerAccount(server, "marie@phish-greeting.example", { details: { firstName: "Marie-Ève" } });
    expect((await deliveredTo("marie@phish-greeting.example"))[0]?.text).toMatch(/^Hello Marie\u2010Ève,\n/);
  });

  it("counts a mailbox's +tag variants together for the daily invitation cap, and sends to the address typed", async () => {
    const { owner, firmId } = await firmOf("tag-cap", 0);
    const addresses = ["Lawyer+1@Tagged.example", "lawyer+2@tagged.example", "lawyer@tagged.example"];
    addresses.push("lawyer+a.b@tagged.example", "LAWYER+5@TAGGED.EXAMPLE");
    for (const email of addresses) {
      const response = await call(owner, "inviteToFirm", { body: { email, role: "member" } });
      expect(response.statusCode, `${email}: ${response.body}`).toBe(200);
    }
    const sixth = await call(owner, "inviteToFirm", { body: { email: "lawyer+6@tagged.example", role: "member" } });
    expect(sixth.statusCode).toBe(429);
    const open = await server.database.db
      .select({ email: firmInvitations.email })
      .from(firmInvitations)
      .where(eq(firmInvitations.firmId, firmId));
    expect(open.map((row) => row.email).sort()).toEqual(
      ["lawyer+1@tagged.example", "lawyer+2@tagged.example", "lawyer+5@tagged.example"]
        .concat(["lawyer+a.b@tagged.example", "lawyer@tagged.example"])
        .sort(),
    );
    // Each went to its own address as typed (lower-cased), +tag kept.
    expect(await deliveredTo("lawyer+2@tagged.example")).toHaveLength(1);
    // Another mailbox at the same domain has a cap of its own.
    const other = await call(owner, "inviteToFirm", { body: { email: "partner@tagged.example", role: "member" } });
    expect(other.statusCode).toBe(200);
  });
});

describe("names and codes without invisible tricks (finding 11)", () => {
  it("refuses a matter code with a right-to-left override or a zero-width space, naming the field, and counts nothing", async () => {
    const { owner, members, firmId } = await firmOf("matter-bidi");
    const [member] = members;
    if (!member) throw new Error("no member");
    expect((await call(owner, "updateFirm", { body: { policies: { matterCodes: "optional" } } })).statusCode).toBe(200);
    for (const matter of ["2024\u202E710-", "2024\u200B-017", "\u2066CLIENT\u2069", "A\uFEFF-1"]) {
      const refused = await call(member, "reportMemoUsage", { body: { matter } });
      expect(refused.statusCode, JSON.stringify(matter)).toBe(400);
      expect(JSON.stringify(refused.json().fields)).toContain("matter");
    }
    const rows = await server.database.db.select().from(firmMatterUsage).where(eq(firmMatterUsage.firmId, firmId));
    expect(rows).toEqual([]);
    expect((await call(member, "reportMemoUsage", { body: { matter: "2024-017" } })).statusCode).toBe(200);
  });

  it("refuses bidirectional controls and zero-width characters in firm, person and passkey names", async () => {
    const owner = await person("owner@invisible-names.example");
    const before = await firmCount();
    for (const name of [
      "Tremblay\u200BAvocats",
      "Tremblay Avocats\u200D",
      "\u200FTremblay",
      "Tremblay\u061C",
      "a\u2060b",
    ]) {
      const refused = await call(owner, "createFirm", { body: { name } });
      expect(refused.statusCode, JSON.stringify(name)).toBe(400);
      expect(JSON.stringify(refused.json().fields)).toContain("name");
    }
    expect(await firmCount()).toBe(before);

    for (const field of ["firstName", "lastName"]) {
      const registered = await postRegistration(server, {
        email: `${field}@invisible-names.example`,
        password: TEST_PASSWORD,
        [field]: "Ma\u200Brie",
      });
      expect(registered.statusCode, field).toBe(400);
      expect(JSON.stringify(registered.json().fields)).toContain(field);
      const updated = await call(owner, "updateUserDetails", { body: { [field]: "Marie\u200E" } });
      expect(updated.statusCode, field).toBe(400);
      expect(JSON.stringify(updated.json().fields)).toContain(field);
    }
    const username = await postRegistration(server, {
      email: "username@invisible-names.example",
      password: TEST_PASSWORD,
      name: "mar\u034Fie",
    });
    expect(username.statusCode).toBe(400);
    const [stored] = await server.database.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, owner.userId));
    expect(stored).toEqual({ firstName: "", lastName: "" });

    const passkey = await call(owner, "renamePasskey", { parameters: { id: "1" }, body: { name: "Laptop\u200B" } });
    expect(passkey.statusCode).toBe(400);
    expect(JSON.stringify(passkey.json().fields)).toContain("name");
  });

  it("neutralises fullwidth and zero-width-prefixed formulas in the usage CSV", async () => {
    const { owner, members } = await firmOf("csv-invisible");
    const [member] = members;
    if (!member) throw new Error("no member");
    expect((await call(owner, "updateFirm", { body: { policies: { matterCodes: "optional" } } })).statusCode).toBe(200);
    // A name saved before names refused invisible characters.
    await server.database.db
      .update(users)
      .set({ firstName: "\u200B=1+1", lastName: "" })
      .where(eq(users.id, member.userId));
    expect(
      (await call(member, "reportMemoUsage", { body: { matter: '＝HYPERLINK("http://evil.example")' } })).statusCode,
    ).toBe(200);
    const csv = await call(owner, "getFirmUsage", { headers: { accept: "text/csv" } });
    expect(csv.statusCode, csv.body).toBe(200);
    const line = csv.rawPayload
      .toString("utf8")
      .split("\r\n")
      .find((row) => row.includes(member.email));
    expect(line).toContain(`,"'\u200B=1+1","${member.email}","'＝HYPERLINK(""http://evil.example"")","1"`);
  });

  it("refuses a firm name that looks like another firm's, at creation and at renaming, with a 409 naming the field", async () => {
    const first = await person("owner@tremblay.example");
    expect((await call(first, "createFirm", { body: { name: "Tremblay Avocats" } })).statusCode).toBe(200);
    const other = await person("owner@look-alike.example");
    const before = await firmCount();
    // A Cyrillic "а" (U+0430), capitals with a doubled space, a Greek "ο" (U+03BF).
    for (const name of ["Tremblаy Avocats", "TREMBLAY  AVOCATS", "Trembl\u0430y Av\u03BFcats"]) {
      const refused = await call(other, "createFirm", { body: { name } });
      expect(refused.statusCode, name).toBe(409);
      expect(refused.json().message).toBe(
        "Another firm already has this name, or one that looks the same. Choose another name.",
      );
      expect(JSON.stringify(refused.json().fields)).toContain("body.name");
    }
    expect(await firmCount()).toBe(before);

    expect((await call(other, "createFirm", { body: { name: "Lavoie Avocats" } })).statusCode).toBe(200);
    const renamed = await call(other, "updateFirm", { body: { name: "Tremblаy Avocats" } });
    expect(renamed.statusCode).toBe(409);
    expect((await call(other, "getFirm")).json().firm.name).toBe("Lavoie Avocats");
    // A firm may change its own name's case.
    expect((await call(other, "updateFirm", { body: { name: "LAVOIE Avocats" } })).statusCode).toBe(200);
  });

  it("gives older firms their name's look at start-up; of two that look alike the older keeps it", async () => {
    const db = server.database.db;
    const [older, younger] = await db
      .insert(firms)
      .values([
        { name: "Gagnon Notaires", createdAt: time.clock(), updatedAt: time.clock() },
        { name: "Gаgnon Notaires", createdAt: time.clock(), updatedAt: time.clock() },
      ])
      .returning({ id: firms.id });
    if (!older || !younger) throw new Error("no firms");
    // Two instances starting at once.
    await Promise.all([fillMissingFirmNameSkeletons(db), fillMissingFirmNameSkeletons(db)]);
    const skeletonOf = async (id: number) =>
      (await db.select({ skeleton: firms.nameSkeleton }).from(firms).where(eq(firms.id, id)))[0]?.skeleton;
    expect(await skeletonOf(older.id)).toBe(getFirmNameSkeleton("Gagnon Notaires"));
    expect(await skeletonOf(younger.id)).toBeNull();
    const newcomer = await person("owner@gagnon-copy.example");
    expect((await call(newcomer, "createFirm", { body: { name: "Gagnon notaires" } })).statusCode).toBe(409);
  });
});
