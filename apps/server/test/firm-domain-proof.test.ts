import { readFileSync } from "node:fs";
import type { OperationName } from "@precis/contract/operations";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { firmDomains, firmMemberships, scheduledJobRuns } from "../src/db/schema/index.ts";
import { createTestClock, verifyEmailThroughApi } from "./harness.ts";
import type { Session } from "./support/accounts.ts";
import { addProvenFirmDomain, proveFirmDomain, startDnsServer, useDnsServer } from "./support/dns.ts";
import { createFirmPeople } from "./support/firms.ts";
import { callOperation, type OperationCall } from "./support/operations.ts";
import { useTestServer, withTwoInstances } from "./support/test-server.ts";

/**
 * Issue 53, finding 1's domain part (decision 038): ownership of a domain proven by a DNS TXT record served by a
 * real DNS server on loopback, apart from affiliation (a mailbox there); consumer and ISP domains refused.
 */
const time = createTestClock();
const dns = useDnsServer();
const server = useTestServer({
  time,
  smtp: true,
  env: () => ({ ...dns.env(), REGISTER_MAX_PER_IP: "1000", AUTH_MAX_PER_IP: "1000" }),
});
const { person, join } = createFirmPeople(server, time);
const call = (who: Session | null, name: OperationName, options?: OperationCall) =>
  callOperation(server, who, name, options);

async function deliveredTo(to: string) {
  await server.app.mailWorker.runOnce();
  return server.smtp.inbox.filter((mail) => mail.to === to);
}

const domainRow = async (domain: string) =>
  (await server.database.db.select().from(firmDomains).where(eq(firmDomains.domain, domain)))[0];

describe("consumer and internet providers' domains", () => {
  it("are refused in every mode, invitation included", async () => {
    for (const domain of [
      "sympatico.ca",
      "telus.net",
      "cogeco.ca",
      "eastlink.ca",
      "sasktel.net",
      "mts.net",
      "tutanota.com",
    ]) {
      const { owner } = await firmOfAt(domain);
      for (const joinMode of ["invitation", "suggest", "automatic"]) {
        const added = await call(owner, "addFirmDomain", { body: { domain, joinMode } });
        expect(added.statusCode, `${domain} ${joinMode}`).toBe(400);
        expect(added.json().message).toContain("internet providers");
      }
    }
    expect((await server.database.db.select().from(firmDomains)).length).toBe(0);
  });
});

/** A firm whose owner's verified address is at `domain`. */
async function firmOfAt(domain: string) {
  const owner = await person(`owner-${Math.random().toString(36).slice(2, 8)}@${domain}`);
  const created = await call(owner, "createFirm", { body: { name: `${domain} firm` } });
  expect(created.statusCode, created.body).toBe(200);
  return { owner, firmId: created.json().firm.id as number };
}

describe("suggest and automatic", () => {
  it("are refused until the TXT record is served, and accepted once Check now finds it", async () => {
    const { owner } = await firmOfAt("proof.example");
    const refused = await call(owner, "addFirmDomain", { body: { domain: "proof.example", joinMode: "automatic" } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("Check now");
    const added = await call(owner, "addFirmDomain", { body: { domain: "proof.example" } });
    expect(added.statusCode, added.body).toBe(200);
    const { record, proof } = added.json();
    expect(record).toEqual({
      type: "TXT",
      name: "_precis-verification.proof.example",
      value: expect.stringMatching(/^precis-domain-verification=[0-9a-f]{32}$/),
    });
    expect(proof).toMatchObject({ status: "unproven", provenAt: null });
    for (const joinMode of ["suggest", "automatic"]) {
      const change = await call(owner, "updateFirmDomain", {
        parameters: { domain: "proof.example" },
        body: { joinMode },
      });
      expect(change.statusCode, joinMode).toBe(409);
    }

    // A record with another value (another claim's) proves nothing.
    dns.setTxt(record.name, ["precis-domain-verification=0000"]);
    const wrong = await call(owner, "checkFirmDomain", { parameters: { domain: "proof.example" } });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toMatchObject({ isRecordFound: false, domain: { proof: { status: "unproven" } } });

    // DNS that does not answer: a clear 503, nothing written.
    dns.fail(record.name);
    const unanswered = await call(owner, "checkFirmDomain", { parameters: { domain: "proof.example" } });
    expect(unanswered.statusCode).toBe(503);
    expect(unanswered.json().message).toContain("DNS did not answer");

    const proven = await proveFirmDomain(server, dns, owner, "proof.example");
    expect(proven.proof).toMatchObject({ status: "proven", provenAt: time.clock().toISOString() });
    for (const joinMode of ["suggest", "automatic"] as const) {
      const change = await call(owner, "updateFirmDomain", {
        parameters: { domain: "proof.example" },
        body: { joinMode },
      });
      expect(change.statusCode, change.body).toBe(200);
    }
    const trail = (await call(owner, "getFirmAudit")).json().events.map((event: { event: string }) => event.event);
    expect(trail).toContain("domain_proven");
  });

  it("leave a stranger at an unproven domain out, and bring one in and email them once it is proven", async () => {
    const { owner } = await firmOfAt("stranger.example");
    expect((await call(owner, "addFirmDomain", { body: { domain: "stranger.example" } })).statusCode).toBe(200);
    // As a domain the migration left automatic without a proof would be, had it not changed it.
    await server.database.db
      .update(firmDomains)
      .set({ joinMode: "automatic" })
      .where(eq(firmDomains.domain, "stranger.example"));
    const stranger = await person("lawyer@stranger.example");
    expect((await call(stranger, "getFirm")).json()).toEqual({ firm: null, suggestion: null });

    await proveFirmDomain(server, dns, owner, "stranger.example");
    const newcomer = await person("newcomer@stranger.example", { isVerified: false });
    await verifyEmailThroughApi(server, newcomer.email, newcomer);
    expect((await call(newcomer, "getFirm")).json().firm).toMatchObject({ name: "stranger.example firm" });
    const [mail] = (await deliveredTo(newcomer.email)).filter((sent) => sent.subject.includes("firm now manages"));
    expect(mail?.subject).toBe("A firm now manages your Precis access");
    expect(mail?.text).toContain("“stranger[.]example firm”");
    expect(mail?.text).toContain("/firm and choose Leave the firm");
    expect(mail?.text).toContain(owner.email);
  });
});

describe("the daily check", () => {
  it("keeps the mode through 7 days of a missing record, then returns the domain to invitation and emails its admins", async () => {
    const { owner, firmId } = await firmOfAt("grace.example");
    const admin = await join(firmId, "admin@grace.example", "admin");
    await server.database.db
      .update(firmMemberships)
      .set({ role: "admin" })
      .where(eq(firmMemberships.userId, admin.userId));
    await addProvenFirmDomain(server, dns, owner, "grace.example", "automatic");
    dns.remove("_precis-verification.grace.example");
    const lostOn = time.clock().toISOString();
    for (let day = 0; day < 7; day += 1) {
      const { checked } = await server.app.domainProofs.runOnce();
      expect(checked?.returnedToInvitation, `day ${day}`).toBe(0);
      const row = await domainRow("grace.example");
      expect(row).toMatchObject({ joinMode: "automatic" });
      expect(row?.proofMissingSince?.toISOString()).toBe(lostOn);
      time.advanceDays(1);
    }
    const listed = (await call(owner, "getFirmDomains")).json().domains[0];
    expect(listed.proof).toMatchObject({ status: "missing", missingSince: lostOn });
    const { checked } = await server.app.domainProofs.runOnce();
    expect(checked?.returnedToInvitation).toBe(1);
    expect(await domainRow("grace.example")).toMatchObject({ joinMode: "invitation", provenAt: null });
    for (const to of [owner.email, admin.email]) {
      const mails = (await deliveredTo(to)).filter((mail) => mail.subject.includes("by invitation only"));
      expect(mails, to).toHaveLength(1);
      expect(mails[0]?.text).toContain("_precis-verification.grace.example");
      expect(mails[0]?.text).toContain("7 days in a row");
    }
    // Once a day: a second run the same day does nothing.
    expect((await server.app.domainProofs.runOnce()).checked).toBeNull();
  });

  it("finds a record published since, and proves the domain without a click", async () => {
    const { owner } = await firmOfAt("later.example");
    const added = await call(owner, "addFirmDomain", { body: { domain: "later.example" } });
    dns.setTxt(added.json().record.name, [added.json().record.value]);
    await server.app.domainProofs.runOnce();
    expect((await domainRow("later.example"))?.provenAt?.toISOString()).toBe(time.clock().toISOString());
  });
});

describe("the migration of unproven domains", () => {
  it("returns suggest and automatic domains without a proof to invitation and emails their admins why, once", async () => {
    const { owner } = await firmOfAt("legacy.example");
    expect((await call(owner, "addFirmDomain", { body: { domain: "legacy.example" } })).statusCode).toBe(200);
    await server.database.db
      .update(firmDomains)
      .set({ joinMode: "suggest" })
      .where(eq(firmDomains.domain, "legacy.example"));
    // The shipped migration's statements for this change: from its marker to the next change's, if any.
    const migration = readFileSync(new URL("../src/db/migrations/0020_issue_53.sql", import.meta.url), "utf8");
    const fromMarker = migration.slice(migration.indexOf("-- hand-written (dns):"));
    const nextMarker = fromMarker.indexOf("-- hand-written (", 1);
    const handWritten = nextMarker === -1 ? fromMarker : fromMarker.slice(0, nextMarker);
    for (const statement of handWritten.split("--> statement-breakpoint").filter((each) => each.trim())) {
      await server.database.db.execute(sql.raw(statement));
    }
    expect(await domainRow("legacy.example")).toMatchObject({ joinMode: "invitation", unprovenModeRevoked: "suggest" });
    await server.app.domainProofs.runOnce();
    await server.app.domainProofs.runOnce();
    const mails = (await deliveredTo(owner.email)).filter((mail) => mail.subject.includes("by invitation only"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("No record has proven legacy.example yet");
    const trail = (await call(owner, "getFirmAudit")).json().events;
    expect(trail[0]).toMatchObject({ event: "domain_returned_to_invitation", details: { reason: "neverProven" } });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the daily check with two instances on one PostgreSQL", () => {
  it("runs once a day when both run it at the same moment", async () => {
    const dnsServer = await startDnsServer();
    const clock = createTestClock(new Date("2026-05-01T09:00:00Z"));
    try {
      await withTwoInstances(
        { clock: clock.clock, env: { DNS_RESOLVERS: dnsServer.address } },
        async (first, second) => {
          for (let day = 0; day < 2; day += 1) {
            const results = await Promise.all([first.app.domainProofs.runOnce(), second.app.domainProofs.runOnce()]);
            expect(results.filter((result) => result.checked !== null)).toHaveLength(1);
            clock.advanceDays(1);
          }
          const runs = await first.database.db
            .select()
            .from(scheduledJobRuns)
            .where(eq(scheduledJobRuns.job, "domain-proofs"));
          expect(runs.map((run) => run.period).sort()).toEqual(["2026-05-01", "2026-05-02"]);
        },
      );
    } finally {
      await dnsServer.close();
    }
  });
});
