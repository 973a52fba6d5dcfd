import { describe, expect, it } from "vitest";
import { enqueueEmail } from "../src/modules/mail/outbox.ts";
import { basicAuth, readSession, type TestServer, xhrHeaders } from "./harness.ts";
import { readSecurityCode } from "./smtp.ts";
import { logIn, registerAccount } from "./support/accounts.ts";
import { useTestServer } from "./support/test-server.ts";

/**
 * Two instances on one PostgreSQL behave as one service. Each instance has its own connection
 * pool, exactly as two processes would; PGlite is one process's database, so this runs on PostgreSQL.
 */
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!isPostgres)("two instances on one PostgreSQL", () => {
  const first = useTestServer({ smtp: true, env: { LOGIN_MAX_PER_ACCOUNT: "3" } });
  // A second process of the service: its own pool on the first's database, sending to the same SMTP server.
  const second = useTestServer({
    sharesDatabaseWith: first,
    env: () => ({ SMTP_URL: first.smtp.url, LOGIN_MAX_PER_ACCOUNT: "3" }),
  });

  it("honours on one instance a session opened on the other, and a logout on either at once", async () => {
    const { session } = await registerAccount(first, "both@example.ca");
    const onSecond = await second.app.inject({ method: "GET", url: "/api/user-details", headers: session.headers });
    expect(onSecond.json().userProfile.email).toBe("both@example.ca");
    await second.app.inject({ method: "GET", url: "/api/logout", headers: { ...xhrHeaders, ...session.headers } });
    const onFirst = await first.app.inject({ method: "GET", url: "/api/user-details", headers: session.headers });
    expect(onFirst.json().userProfile).toBeNull();
  });

  const isSignedOut = async (server: TestServer, headers: Record<string, string>) =>
    (await server.app.inject({ method: "GET", url: "/api/user-details", headers })).json().userProfile === null;
  /** Every route the extension reads before a memo, and one that reads the session apart from its rows. */
  async function statusesOfReads(server: TestServer, headers: Record<string, string>) {
    const reads = ["/api/user-options", "/api/entitlement", "/api/sessions"].map(
      async (url) => (await server.app.inject({ method: "GET", url, headers })).statusCode,
    );
    const memo = server.app.inject({ method: "POST", url: "/api/memo-usage", headers: { ...xhrHeaders, ...headers } });
    return [...(await Promise.all(reads)), (await memo).statusCode];
  }

  async function registerOnFirstSeenByBoth(email: string) {
    const { session } = await registerAccount(first, email);
    // Both instances have now read the session: neither may go on trusting what it read.
    for (const server of [first, second]) expect(await isSignedOut(server, session.headers)).toBe(false);
    return session;
  }

  it("refuses a session reset on one instance on both at once", async () => {
    const email = "reset-across@example.ca";
    const session = await registerOnFirstSeenByBoth(email);
    const asked = await first.app.inject({
      method: "POST",
      url: "/api/login/find-user",
      headers: { ...xhrHeaders, authorization: basicAuth(email, "") },
    });
    expect(asked.statusCode).toBe(200);
    await first.app.mailWorker.runOnce();
    const mail = first.smtp.inbox.filter((item) => item.to === email && /security code/.test(item.subject)).at(-1);
    if (!mail) throw new Error("no code email");
    const reset = await first.app.inject({
      method: "POST",
      url: "/api/login/reset-password",
      headers: { ...xhrHeaders, authorization: basicAuth(email, "Nouveau2025pass") },
      payload: { secret_code: readSecurityCode(mail) },
    });
    expect(reset.statusCode).toBe(200);
    expect(await isSignedOut(second, session.headers)).toBe(true);
    expect(await statusesOfReads(second, session.headers)).toEqual([401, 401, 401, 401]);
    expect(await isSignedOut(first, session.headers)).toBe(true);
  });

  it("refuses a session logged out on one instance on the other on its next request", async () => {
    const session = await registerOnFirstSeenByBoth("logout-across@example.ca");
    const loggedOut = await second.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { ...xhrHeaders, ...session.headers },
    });
    expect(loggedOut.statusCode).toBe(200);
    expect(await isSignedOut(first, session.headers)).toBe(true);
    expect(await statusesOfReads(first, session.headers)).toEqual([401, 401, 401, 401]);
  });

  it("shows a change made through one instance on the other's next read, and revokes a session there at once", async () => {
    const email = "fresh-across@example.ca";
    const session = await registerOnFirstSeenByBoth(email);
    const other = await logIn(first, email);
    const otherSession = readSession(other);
    const readOn = async (server: TestServer, url: string, headers = session.headers) =>
      (await server.app.inject({ method: "GET", url, headers })).json();
    // Read on the second first, so any copy it kept would be stale after the write on the first.
    expect((await readOn(second, "/api/user-details")).userProfile.organization).toBe("");
    const options = await readOn(second, "/api/user-options");
    expect((await readOn(second, "/api/entitlement")).memo.usedThisMonth).toBe(0);

    const patched = await first.app.inject({
      method: "PATCH",
      url: "/api/user-details",
      headers: { ...xhrHeaders, ...session.headers },
      payload: { organization: "Cabinet Tremblay" },
    });
    expect(patched.statusCode).toBe(200);
    const [set] = options.options;
    const saved = await first.app.inject({
      method: "PUT",
      url: "/api/user-options",
      headers: { ...xhrHeaders, ...session.headers },
      payload: { ...set, name: "Renamed on the first" },
    });
    expect(saved.statusCode).toBe(200);
    const savedId = saved.json().options[0].id;
    const memo = await first.app.inject({
      method: "POST",
      url: "/api/memo-usage",
      headers: { ...xhrHeaders, ...session.headers },
    });
    expect(memo.statusCode).toBe(403);

    expect((await readOn(second, "/api/user-details")).userProfile.organization).toBe("Cabinet Tremblay");
    const optionsNow = await readOn(second, "/api/user-options");
    expect(optionsNow.options.find((candidate: { id: number }) => candidate.id === savedId)?.name).toBe(
      "Renamed on the first",
    );

    // The other session, revoked from the Security tab on the first instance, is refused by the second at once.
    const listed = await readOn(first, "/api/sessions");
    const otherId = listed.sessions.find((listedSession: { isCurrent: boolean }) => !listedSession.isCurrent)?.id;
    expect(otherId).toBeDefined();
    expect(await isSignedOut(second, otherSession.headers)).toBe(false);
    const revoked = await first.app.inject({
      method: "DELETE",
      url: `/api/sessions/${otherId}`,
      headers: { ...xhrHeaders, ...session.headers },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await isSignedOut(second, otherSession.headers)).toBe(true);
    expect(await statusesOfReads(second, otherSession.headers)).toEqual([401, 401, 401, 401]);
  });

  it("shares rate-limit counts", async () => {
    await registerAccount(first, "limited@example.ca");
    const attempt = (server: TestServer) => logIn(server, "limited@example.ca", "Wrong-password1");
    const statuses = [];
    for (const server of [first, second, first, second]) statuses.push((await attempt(server)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("sends each queued email exactly once while both workers run at the same time", async () => {
    // The welcome emails of the accounts above go first, so only the batch below is counted.
    await first.app.mailWorker.runOnce();
    const before = first.smtp.inbox.length;
    for (let index = 0; index < 40; index += 1) {
      await enqueueEmail(
        first.database.db,
        `reader${index}@example.ca`,
        { subject: `Message ${index}`, text: `Body ${index}\n`, html: `<p>Body ${index}</p>` },
        first.app.clock(),
      );
    }
    const sent = await Promise.all([first.app.mailWorker.runOnce(), second.app.mailWorker.runOnce()]);
    const received = first.smtp.inbox.slice(before).map((mail) => mail.subject);
    expect(sent.reduce((total, count) => total + count, 0)).toBe(40);
    expect(received).toHaveLength(40);
    expect(new Set(received).size).toBe(40);
  });
});
