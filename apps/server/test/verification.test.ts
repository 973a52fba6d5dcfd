import { readFile } from "node:fs/promises";
import { and, count, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accessReminders, emailVerificationCodes, mailOutbox, trialLedger, users } from "../src/db/schema/index.ts";
import { mailboxOf } from "../src/lib/mailbox.ts";
import { hashEmailForTrial } from "../src/modules/verification/trial-ledger.ts";
import { emulatorEnv, emulatorToken as emulatorTokenAt } from "./emulator-tokens.ts";
import {
  basicAuth,
  createTestClock,
  openTestDatabase,
  readSession,
  readVerificationCode,
  readVerificationLinkToken,
  xhrHeaders,
} from "./harness.ts";
import { registerAccount, TEST_PASSWORD } from "./support/accounts.ts";
import { useTestServer, withTwoInstances } from "./support/test-server.ts";

const DAY_MS = 86_400_000;
const time = createTestClock();
const server = useTestServer({
  time,
  env: {
    REGISTER_MAX_PER_IP: "1000",
    // The emulator's unsigned tokens, as the SSO suite uses them (the cryptography is proven elsewhere).
    ...emulatorEnv,
  },
});

type Session = ReturnType<typeof readSession>;

const get = (url: string, session: Session) => server.app.inject({ method: "GET", url, headers: session.headers });
const post = (url: string, payload: object, session?: Session) =>
  server.app.inject({ method: "POST", url, headers: { ...xhrHeaders, ...session?.headers }, payload });
const entitlementOf = async (session: Session) => (await get("/api/entitlement", session)).json();
const verify = async (email: string, session: Session) =>
  post("/api/verify-email", { code: await readVerificationCode(server.database, email) }, session);

/** Emails queued to `recipient` whose subject starts with `subject`. */
async function mailsTo(recipient: string, subject: string) {
  return server.database.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, recipient), like(mailOutbox.subject, `${subject}%`)));
}

const emulatorToken = (email: string) => emulatorTokenAt(email, time.clock(), { name: "Marie Tremblay" });
const ssoLogin = (email: string) =>
  server.app.inject({
    method: "POST",
    url: "/api/sso/login",
    headers: { ...xhrHeaders, authorization: basicAuth(email, emulatorToken(email)) },
  });

describe("an unverified password account", () => {
  it("works at once but has no free access and no memo usage until its email is verified", async () => {
    const { session } = await registerAccount(server, "unproven@example.ca");
    const profile = (await get("/api/user-details", session)).json().userProfile;
    expect(profile).toMatchObject({ email: "unproven@example.ca", emailVerified: false });
    expect(await entitlementOf(session)).toEqual({
      access: "unverified",
      endsAt: null,
      memo: { monthlyLimit: 0, usedThisMonth: 0 },
      needsAcademicEmail: false,
    });
    const memo = await post("/api/memo-usage", {}, session);
    expect(memo.statusCode).toBe(403);
    expect(memo.json().message).toMatch(/^Verify your email address first/);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, "unproven@example.ca"));
    expect(row).toMatchObject({ emailVerifiedAt: null, trialStartedAt: null });
  });

  it("gets a code and a link by email, greeted by its formatted first name", async () => {
    await registerAccount(server, "greeted@example.ca", { details: { firstName: "mARIE" } });
    const [mail] = await mailsTo("greeted@example.ca", "Confirm your Precis email address");
    const code = await readVerificationCode(server.database, "greeted@example.ca");
    expect(mail?.text).toMatch(/^Hello Marie,/);
    const token = await readVerificationLinkToken(server.database, "greeted@example.ca");
    expect(mail?.text).toContain(`http://localhost:8081/verify-email?token=${token}`);
    expect(mail?.text).toContain(code);
    expect((await mailsTo("greeted@example.ca", "Welcome to Precis"))[0]?.text).toMatch(/^Hello Marie,/);
  });
});

describe("verification", () => {
  it("starts the 30-day trial when the code is entered, not at registration", async () => {
    const { session } = await registerAccount(server, "later@example.ca");
    time.advanceDays(3);
    // The first code expired meanwhile: the owner asks for a new one.
    expect((await verify("later@example.ca", session)).statusCode).toBe(401);
    expect((await post("/api/verify-email/resend", {}, session)).statusCode).toBe(200);
    const verified = await verify("later@example.ca", session);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ Status: "Success", email: "later@example.ca" });
    expect((await get("/api/user-details", session)).json().userProfile.emailVerified).toBe(true);
    const entitlement = await entitlementOf(session);
    expect(entitlement.access).toBe("trial");
    expect(new Date(entitlement.endsAt).getTime()).toBe(time.clock().getTime() + 30 * DAY_MS);
    expect((await post("/api/memo-usage", {}, session)).statusCode).toBe(200);
  });

  it("works from the emailed link without a session, and signs nothing in", async () => {
    const { session } = await registerAccount(server, "linked@example.ca");
    const token = await readVerificationLinkToken(server.database, "linked@example.ca");
    const response = await post("/api/verify-email", { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.headers["x-access-key"]).toBeUndefined();
    expect((await entitlementOf(session)).access).toBe("trial");
  });

  it("refuses a wrong, an expired and a reused code with SPEC's message, and changes nothing", async () => {
    const { session } = await registerAccount(server, "careful@example.ca");
    const wrong = await post("/api/verify-email", { code: "AAAAAAAA" }, session);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ Error: "invalidCode", message: "Invalid Email or Secret Code Provided" });

    const code = await readVerificationCode(server.database, "careful@example.ca");
    time.advanceMinutes(16);
    expect((await post("/api/verify-email", { code }, session)).statusCode).toBe(401);
    expect((await entitlementOf(session)).access).toBe("unverified");

    expect((await post("/api/verify-email/resend", {}, session)).statusCode).toBe(200);
    const fresh = await readVerificationCode(server.database, "careful@example.ca");
    expect((await post("/api/verify-email", { code: fresh }, session)).statusCode).toBe(200);
    const link = await readVerificationLinkToken(server.database, "careful@example.ca");
    expect((await post("/api/verify-email", { token: link })).statusCode).toBe(401);
  });

  it("voids a code after 5 wrong tries, and only the newest code is valid", async () => {
    const { session } = await registerAccount(server, "guessed@example.ca");
    const first = await readVerificationCode(server.database, "guessed@example.ca");
    await post("/api/verify-email/resend", {}, session);
    const second = await readVerificationCode(server.database, "guessed@example.ca");
    expect((await post("/api/verify-email", { code: first }, session)).statusCode).toBe(401);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await post("/api/verify-email", { code: "BBBBBBBB" }, session)).statusCode).toBe(401);
    }
    expect((await post("/api/verify-email", { code: second }, session)).statusCode).toBe(401);
    expect((await entitlementOf(session)).access).toBe("unverified");
  });

  it("mails a link with a long random token, never the code, which wrong guesses cannot block (issue 53)", async () => {
    const { session } = await registerAccount(server, "linkguess@example.ca");
    const code = await readVerificationCode(server.database, "linkguess@example.ca");
    const token = await readVerificationLinkToken(server.database, "linkguess@example.ca");
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [mail] = await server.database.db
      .select({ text: mailOutbox.textBody, html: mailOutbox.htmlBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, "linkguess@example.ca"), like(mailOutbox.subject, "Confirm%")));
    const links = [...`${mail?.text} ${mail?.html}`.matchAll(/https?:\/\/[^\s"<]+/g)].map((match) => match[0]);
    expect(links.some((link) => link.includes(`token=${token}`))).toBe(true);
    expect(links.some((link) => link.includes(code) || link.includes("email="))).toBe(false);
    // The code once rode in the link with the address: ten wrong guesses at it answered 429 to everyone.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await post("/api/verify-email", { email: "linkguess@example.ca", code: "CCCCCCCC" })).statusCode).toBe(
        400,
      );
      expect((await post("/api/verify-email", { token: `${"x".repeat(42)}${attempt}` })).statusCode).toBe(401);
    }
    // Ten wrong typed codes (the most the account's bound allows) do not block the link either.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await post("/api/verify-email", { code: "CCCCCCCC" }, session)).statusCode).toBe(401);
    }
    const linked = await post("/api/verify-email", { token });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({ Status: "Success", email: "linkguess@example.ca" });
    expect((await entitlementOf(session)).access).toBe("trial");
    // The token is stored hashed, and works once.
    const stored = await server.database.db
      .select({ linkTokenHash: emailVerificationCodes.linkTokenHash })
      .from(emailVerificationCodes);
    expect(stored.some((row) => row.linkTokenHash === token)).toBe(false);
    expect((await post("/api/verify-email", { token })).statusCode).toBe(401);
  });

  it("rate-limits resending per account, and refuses a resend to a verified address", async () => {
    const { session } = await registerAccount(server, "resender@example.ca");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await post("/api/verify-email/resend", {}, session)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await verify("resender@example.ca", session)).statusCode).toBe(200);
    time.advanceMinutes(61);
    const again = await post("/api/verify-email/resend", {}, session);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This email address is already verified.");
  });

  it("needs a session for a typed code and for a resend, and refuses malformed bodies", async () => {
    expect((await post("/api/verify-email", { code: "AAAAAAAA" })).statusCode).toBe(401);
    expect((await post("/api/verify-email/resend", {})).statusCode).toBe(401);
    const { session } = await registerAccount(server, "malformed@example.ca");
    for (const body of [
      {},
      { code: "" },
      { code: "x".repeat(65) },
      { code: "AAAAAAAA", email: "nope@example.ca" },
      { token: "short" },
      { code: 1 },
    ]) {
      expect((await post("/api/verify-email", body, session)).statusCode).toBe(400);
    }
    expect((await post("/api/verify-email/resend", { email: "not an email" }, session)).statusCode).toBe(400);
    expect((await post("/api/verify-email/resend", { extra: true }, session)).statusCode).toBe(400);
  });
});

describe("student access by academic email", () => {
  it("gives a student at gmail.com the ordinary trial, and one at mail.utoronto.ca two free years", async () => {
    const { session: gmail } = await registerAccount(server, "law.student@gmail.com", {
      details: { role: "law student" },
    });
    await verify("law.student@gmail.com", gmail);
    expect(await entitlementOf(gmail)).toMatchObject({ access: "trial", needsAcademicEmail: true });

    const registeredAt = time.clock();
    const { session: toronto } = await registerAccount(server, "j.doe@mail.utoronto.ca", {
      details: { role: "law student" },
    });
    expect((await entitlementOf(toronto)).access).toBe("unverified");
    await verify("j.doe@mail.utoronto.ca", toronto);
    const entitlement = await entitlementOf(toronto);
    expect(entitlement).toMatchObject({ access: "student", needsAcademicEmail: false });
    // Two years from registration (product §1).
    const twoYears = new Date(registeredAt);
    twoYears.setUTCFullYear(twoYears.getUTCFullYear() + 2);
    expect(entitlement.endsAt).toBe(twoYears.toISOString());
  });

  it("moves a student to a school address proven by emailed code, and tells the old address", async () => {
    const { session } = await registerAccount(server, "move.me@gmail.com", { details: { role: "law student" } });
    await verify("move.me@gmail.com", session);
    const sent = await post("/api/verify-email/resend", { email: "Move.Me@McGill.ca" }, session);
    expect(sent.json()).toEqual({ Status: "Success", email: "move.me@mcgill.ca" });
    const [codeMail] = await mailsTo("move.me@mcgill.ca", "Confirm your Precis email address");
    expect(codeMail?.text).toContain("asked to use this address");
    // Until it is proven, nothing changes.
    expect((await get("/api/user-details", session)).json().userProfile.email).toBe("move.me@gmail.com");

    const verified = await verify("move.me@mcgill.ca", session);
    expect(verified.json()).toEqual({ Status: "Success", email: "move.me@mcgill.ca" });
    expect((await get("/api/user-details", session)).json().userProfile).toMatchObject({
      email: "move.me@mcgill.ca",
      emailVerified: true,
    });
    expect(await entitlementOf(session)).toMatchObject({ access: "student", needsAcademicEmail: false });
    expect(await mailsTo("move.me@gmail.com", "Your Precis email address was changed")).toHaveLength(1);
    // The password now goes with the new address.
    const login = await server.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { ...xhrHeaders, authorization: basicAuth("move.me@mcgill.ca", TEST_PASSWORD) },
    });
    expect(login.statusCode).toBe(200);
  });

  it("refuses the school switch to an address at no recognised school, saying why, and sends nothing (issue 43)", async () => {
    const { session } = await registerAccount(server, "not.school@gmail.com", { details: { role: "law student" } });
    await verify("not.school@gmail.com", session);
    const refused = await post("/api/verify-email/resend", { email: "other@gmail.com", purpose: "school" }, session);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "This address is not at a school we recognise. Use the address your university or college gave you.",
      fields: [{ path: "academicDomain", message: "is not at a school we recognise" }],
    });
    expect(await mailsTo("other@gmail.com", "Confirm your Precis email address")).toHaveLength(0);
    // A school address passes, subdomains included.
    const sent = await post(
      "/api/verify-email/resend",
      { email: "j.doe@mail.utoronto.ca", purpose: "school" },
      session,
    );
    expect(sent.json()).toEqual({ Status: "Success", email: "j.doe@mail.utoronto.ca" });
  });

  it("sends no code to a school address another account uses, and says so only to that address (issue 42)", async () => {
    await registerAccount(server, "taken@ubc.ca");
    const { session } = await registerAccount(server, "wants.it@example.ca");
    const response = await post("/api/verify-email/resend", { email: "taken@ubc.ca" }, session);
    // The asker hears what a free address gets: registration is not revealed.
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Status: "Success", email: "taken@ubc.ca" });
    expect(await mailsTo("taken@ubc.ca", "Confirm")).toHaveLength(1);
    expect(await mailsTo("taken@ubc.ca", "Someone tried to use your email address")).toHaveLength(1);
    expect((await get("/api/user-details", session)).json().userProfile.email).toBe("wants.it@example.ca");
  });
});

describe("one trial per person", () => {
  it("gives no new trial to a variant of an address that had one", async () => {
    const { session: first } = await registerAccount(server, "Pat.Smith@gmail.com");
    await verify("pat.smith@gmail.com", first);
    expect((await entitlementOf(first)).access).toBe("trial");

    const { session: variant } = await registerAccount(server, "patsmith+again@googlemail.com");
    await verify("patsmith+again@googlemail.com", variant);
    expect(await entitlementOf(variant)).toMatchObject({ access: "none", endsAt: null });
    expect((await post("/api/memo-usage", {}, variant)).statusCode).toBe(402);
  });

  it("gives no new trial to the same address registered again once the first account moved away", async () => {
    const { session: first } = await registerAccount(server, "again@example.ca");
    await verify("again@example.ca", first);
    await post("/api/verify-email/resend", { email: "again@uvic.ca" }, first);
    await verify("again@uvic.ca", first);
    time.advanceDays(31);
    const { session: second } = await registerAccount(server, "again@example.ca");
    await verify("again@example.ca", second);
    expect((await entitlementOf(second)).access).toBe("none");
  });

  it("normalises as the migration that filled the ledger for older accounts does", async () => {
    const emails = [
      "A.B.C+x@gmail.com",
      "abc@googlemail.com",
      "name+tag@example.ca",
      "plain@uottawa.ca",
      "x.y@sub.example",
    ];
    expect(new Set(emails.slice(0, 2).map(mailboxOf)).size).toBe(1);
    const database = await openTestDatabase();
    try {
      const migration = await readFile(
        new URL("../src/db/migrations/0007_verified_identity.sql", import.meta.url),
        "utf8",
      );
      const fillLedger = migration.split("--> statement-breakpoint").at(-1) ?? "";
      expect(fillLedger).toContain('INSERT INTO "trial_ledger"');
      for (const [index, email] of emails.entries()) {
        await database.db.insert(users).values({ email: email.toLowerCase(), username: `older${index}` });
      }
      await database.db.execute(sql.raw(fillLedger));
      const hashes = (await database.db.select().from(trialLedger)).map((row) => row.emailHash).sort();
      expect(hashes).toEqual([...new Set(emails.map(hashEmailForTrial))].sort());
    } finally {
      await database.close();
    }
  });
});

describe("no account pre-hijacking", () => {
  it("voids the unproven password account's password and sessions before linking the owner's Google sign-in", async () => {
    const { session: attacker } = await registerAccount(server, "victim@gmail.com");
    const owner = await ssoLogin("victim@gmail.com");
    expect(owner.statusCode).toBe(200);
    const ownerSession = readSession(owner);

    expect((await get("/api/user-details", attacker)).json().userProfile).toBeNull();
    const attackerLogin = await server.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { ...xhrHeaders, authorization: basicAuth("victim@gmail.com", TEST_PASSWORD) },
    });
    expect(attackerLogin.statusCode).toBe(401);
    expect((await get("/api/user-details", ownerSession)).json().userProfile).toMatchObject({
      email: "victim@gmail.com",
      emailVerified: true,
    });
    expect((await entitlementOf(ownerSession)).access).toBe("trial");
    const [notice] = await mailsTo("victim@gmail.com", "Your Precis account is now secured");
    expect(notice?.text).toContain("we removed that password and signed out every session");
  });

  it("tells the owner of a verified password account that Google sign-in was added", async () => {
    const { session } = await registerAccount(server, "owner@gmail.com");
    await verify("owner@gmail.com", session);
    expect((await ssoLogin("owner@gmail.com")).statusCode).toBe(200);
    // Their own session and password are untouched.
    expect((await get("/api/user-details", session)).json().userProfile.email).toBe("owner@gmail.com");
    const [notice] = await mailsTo("owner@gmail.com", "Google sign-in was added to your Precis account");
    expect(notice?.text).toContain("If this was not you");
    // A second sign-in with the same identity adds nothing, and says nothing.
    expect((await ssoLogin("owner@gmail.com")).statusCode).toBe(200);
    expect(await mailsTo("owner@gmail.com", "Google sign-in was added")).toHaveLength(1);
  });

  it("counts an account registered with Google as verified, with its trial", async () => {
    const email = "sso.new@example.ca";
    const registered = await server.app.inject({
      method: "POST",
      url: "/api/sso/register",
      headers: { ...xhrHeaders, authorization: basicAuth(email, emulatorToken(email)) },
      payload: { email, role: "lawyer" },
    });
    expect(registered.statusCode).toBe(200);
    const session = readSession(registered);
    expect((await get("/api/user-details", session)).json().userProfile.emailVerified).toBe(true);
    expect((await entitlementOf(session)).access).toBe("trial");
  });
});

describe("reminders before a free access ends", () => {
  async function reminderCount(email: string) {
    const [row] = await server.database.db
      .select({ value: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), like(mailOutbox.subject, "Your Precis free trial ends%")));
    return row?.value ?? 0;
  }

  it("go out 7 days and 1 day before the trial ends, each exactly once", async () => {
    const { session } = await registerAccount(server, "remind.me@example.ca", { details: { language: "fr" } });
    await verify("remind.me@example.ca", session);
    await server.app.accessReminders.runOnce();
    time.advanceDays(22);
    await server.app.accessReminders.runOnce();
    expect(await reminderCount("remind.me@example.ca")).toBe(0);
    const french = await server.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, "remind.me@example.ca"), like(mailOutbox.subject, "Votre essai%")));
    expect(french).toHaveLength(0);

    time.advanceDays(1); // 7 days left
    await server.app.accessReminders.runOnce();
    await server.app.accessReminders.runOnce();
    const [weekBefore] = await server.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, "remind.me@example.ca"), like(mailOutbox.subject, "Votre essai%")));
    expect(weekBefore?.subject).toBe("Votre essai gratuit Precis se termine dans 7 jours");
    time.advanceDays(6); // 1 day left
    await server.app.accessReminders.runOnce();
    time.advanceDays(2); // over
    await server.app.accessReminders.runOnce();
    const subjects = (
      await server.database.db
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, "remind.me@example.ca"), like(mailOutbox.subject, "Votre essai%")))
    ).map((row) => row.subject);
    expect(subjects.sort()).toEqual([
      "Votre essai gratuit Precis se termine dans 1 jour",
      "Votre essai gratuit Precis se termine dans 7 jours",
    ]);
  });

  it("send nothing to an account that has no free access to lose", async () => {
    await registerAccount(server, "never.verified@example.ca");
    time.advanceDays(29);
    await server.app.accessReminders.runOnce();
    expect(await reminderCount("never.verified@example.ca")).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("reminders with two instances on one PostgreSQL", () => {
  it("are each sent once when both instances run the job at the same time", async () => {
    const clock = createTestClock();
    // Only the first instance registers, and more accounts than one address may by default.
    await withTwoInstances({ clock: clock.clock, env: { REGISTER_MAX_PER_IP: "100" } }, async (first, second) => {
      const shared = first.database;
      const emails = Array.from({ length: 12 }, (_, index) => `twice${index}@example.ca`);
      for (const email of emails) {
        const { session } = await registerAccount(first, email);
        await second.app.inject({
          method: "POST",
          url: "/api/verify-email",
          headers: { ...xhrHeaders, ...session.headers },
          payload: { code: await readVerificationCode(shared, email) },
        });
      }
      clock.advanceDays(23);
      for (let round = 0; round < 3; round += 1) {
        await Promise.all([first.app.accessReminders.runOnce(), second.app.accessReminders.runOnce()]);
      }
      const [sent] = await shared.db
        .select({ value: count() })
        .from(mailOutbox)
        .where(like(mailOutbox.subject, "Your Precis free trial ends in 7 days"));
      expect(sent?.value).toBe(emails.length);
      const [recorded] = await shared.db.select({ value: count() }).from(accessReminders);
      expect(recorded?.value).toBe(emails.length);
    });
  });
});
