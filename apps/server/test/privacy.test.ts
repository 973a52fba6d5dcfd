import { accountExportSchema } from "@precis/contract/account-export";
import { defaultMemoOptionSet } from "@precis/contract/memo-options";
import { describe, expect, it } from "vitest";
import { createTestClock, xhrHeaders } from "./harness.ts";
import { registerAccount, type Session, TEST_PASSWORD } from "./support/accounts.ts";
import { useTestServer } from "./support/test-server.ts";

/** Issue 28's export, and issue 27's confirmation of identity that guards it. */
const time = createTestClock();
const server = useTestServer({ time, isNewDayEachTest: false });

async function account(email: string, firstName: string) {
  const { session } = await registerAccount(server, email, {
    details: { firstName, organization: `${firstName} LLP` },
    isVerified: true,
  });
  await server.app.inject({
    method: "PUT",
    url: "/api/user-options",
    headers: { ...xhrHeaders, ...session.headers },
    payload: { ...defaultMemoOptionSet, id: -1, name: `${firstName}'s memos` },
  });
  await server.app.inject({ method: "POST", url: "/api/memo-usage", headers: { ...xhrHeaders, ...session.headers } });
  return session;
}
const exportOf = (session: Session) =>
  server.app.inject({ method: "GET", url: "/api/account/export", headers: session.headers });

describe("export of my data", () => {
  it("holds every kind of record of the account, in the documented shape, and nothing of another account's", async () => {
    const mine = await account("exporting.person@example.ca", "Danielle");
    await account("someone.else@example.ca", "Bartholomew");
    const response = await exportOf(mine);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="precis-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const exported = accountExportSchema.parse(response.json());
    // Readable by the person it describes: indented, a field a line.
    expect(response.body).toMatch(/^\{\n {2}"/);
    expect(exported.account).toMatchObject({
      email: "exporting.person@example.ca",
      firstName: "Danielle",
      hasPassword: true,
    });
    expect(exported.memoOptionSets.map((set) => set.name)).toEqual(["Danielle's memos"]);
    expect(exported.sessions).toHaveLength(1);
    expect(exported.knownBrowsers).toHaveLength(1);
    expect(exported.securityEvents.map((event) => event.event)).toEqual(
      expect.arrayContaining(["registered", "email_verified"]),
    );
    expect(exported.consents.map((consent) => consent.document).sort()).toEqual(["privacy", "terms"]);
    expect(exported.memoUsage).toEqual([{ month: time.clock().toISOString().slice(0, 7), memoCount: 1 }]);
    expect(exported.emails.map((email) => email.subject).sort()).toEqual([
      "Confirm your Precis email address",
      "Welcome to Precis",
    ]);
    expect(exported.entitlement.access).toBe("trial");
    const text = response.body;
    for (const foreign of ["someone.else", "Bartholomew"]) expect(text).not.toContain(foreign);
    for (const secret of [mine.accessKey, mine.cookie.split("=")[1] ?? "", "$argon2id"])
      expect(text).not.toContain(secret);
  });

  it("asks who you are once the sign-in is older than 15 minutes, and works again after the password", async () => {
    const session = await account("later.export@example.ca", "Lea");
    time.advanceMinutes(16);
    const refused = await exportOf(session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().fields).toEqual([expect.objectContaining({ path: "reauthentication" })]);
    const reauthenticate = (password: string) =>
      server.app.inject({
        method: "POST",
        url: "/api/reauthenticate",
        headers: { ...xhrHeaders, ...session.headers },
        payload: { password },
      });
    expect((await reauthenticate("Not-it-2024")).statusCode).toBe(401);
    expect((await exportOf(session)).statusCode).toBe(403);
    expect((await reauthenticate(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await exportOf(session)).statusCode).toBe(200);
  });

  it("is limited to a few an hour, audited, and refused without a session", async () => {
    const session = await account("many.exports@example.ca", "Max");
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await exportOf(session)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await server.app.inject({ method: "GET", url: "/api/account/export" })).statusCode).toBe(401);
  });
});

describe("consent to the Terms and the Privacy Policy", () => {
  it("is recorded at registration, and asked once again when a version changes", async () => {
    const session = await account("consenting@example.ca", "Claude");
    const profile = async () =>
      (await server.app.inject({ method: "GET", url: "/api/user-details", headers: session.headers })).json()
        .userProfile;
    expect((await profile()).mustAcceptTerms).toBeUndefined();
    const consents = await server.app.inject({ method: "GET", url: "/api/consents", headers: session.headers });
    expect(consents.json()).toMatchObject({
      isUpToDate: true,
      accepted: [{ document: "terms" }, { document: "privacy" }],
    });

    // An account that accepted an older version (as every account older than consent records has).
    const { users } = await import("../src/db/schema/index.ts");
    const { eq } = await import("drizzle-orm");
    await server.database.db
      .update(users)
      .set({ acceptedTermsVersion: "2020-01-01" })
      .where(eq(users.email, "consenting@example.ca"));
    // Past the second for which an instance reuses a read (decision 009).
    time.advanceMinutes(1);
    expect((await profile()).mustAcceptTerms).toBe(true);
    const accept = (body: object) =>
      server.app.inject({
        method: "POST",
        url: "/api/consents",
        headers: { ...xhrHeaders, ...session.headers },
        payload: body,
      });
    const { LEGAL_DOCUMENTS } = await import("@precis/contract/legal");
    expect((await accept({ terms: "2020-01-01", privacy: LEGAL_DOCUMENTS.privacy.version })).statusCode).toBe(400);
    expect(
      (await accept({ terms: LEGAL_DOCUMENTS.terms.version, privacy: LEGAL_DOCUMENTS.privacy.version })).statusCode,
    ).toBe(200);
    expect((await profile()).mustAcceptTerms).toBeUndefined();
  });
});
