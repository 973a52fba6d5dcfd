import type { OperationName } from "@precis/contract/operations";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  enterpriseConnectionDomains,
  enterpriseConnections,
  enterpriseSignInAttempts,
} from "../src/db/schema/index.ts";
import { openSecret } from "../src/lib/secret-box.ts";
import { createTestClock } from "./harness.ts";
import type { Session } from "./support/accounts.ts";
import { addProvenFirmDomain, useDnsServer } from "./support/dns.ts";
import { createFirmPeople, type Person } from "./support/firms.ts";
import { type OidcIdp, startOidcIdp, walkToCallback } from "./support/oidc-idp.ts";
import { callOperation, type OperationCall } from "./support/operations.ts";
import { createSamlIdp, signingKey } from "./support/saml-idp.ts";
import { useTestServer } from "./support/test-server.ts";

/*
 * Issue 55: a firm's owners and admins connect its identity providers. Connections are added, changed, bound to
 * the firm's DNS-proven domains and removed under the step-up, each change in the firm's trail; an OpenID Connect
 * connection is tested by an admin's own sign-in at a real provider (oidc-provider on 127.0.0.1), which makes it
 * tested, and only then activated.
 */

const PUBLIC_URL = "http://localhost:8081";
const REDIRECT_URI = `${PUBLIC_URL}/sso/oidc/callback`;
const ATTEMPT_COOKIE = "precis_sso_attempt";

// The provider's tokens carry real time, and a test's fresh sign-in is held to the server's clock: the two start
// together, and no test moves the clock far.
const time = createTestClock(new Date());
const dns = useDnsServer();
const server = useTestServer({
  time,
  isNewDayEachTest: false,
  env: () => ({ ...dns.env(), PUBLIC_URL, REGISTER_MAX_PER_IP: "10000", AUTH_MAX_PER_IP: "10000" }),
});
const { join, firmOf } = createFirmPeople(server, time);
const call = (who: Session | null, name: OperationName, options?: OperationCall) =>
  callOperation(server, who, name, options);

let idp: OidcIdp;
beforeAll(async () => {
  idp = await startOidcIdp({ redirectUris: [REDIRECT_URI] });
  idp.addAccount("partner-1", { email: "avocate@PREFIX.example", email_verified: true, given_name: "Jeanne" });
});
afterAll(() => idp?.close());

let firmCount = 0;
/** A firm whose owner is signed in now, with its domain (the owner's) proven by DNS. */
async function provenFirm() {
  firmCount += 1;
  const prefix = `sso${firmCount}-${Math.random().toString(36).slice(2, 6)}`;
  const firm = await firmOf(prefix, 1);
  const domain = `${prefix}.example`;
  await addProvenFirmDomain(server, dns, firm.owner, domain, "invitation");
  return { ...firm, domain, prefix };
}

const oidcBody = (name = "Entra ID") => ({
  name,
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
});

async function addOidc(owner: Person, name?: string) {
  const added = await call(owner, "addOidcEnterpriseConnection", { body: oidcBody(name) });
  expect(added.statusCode, added.body).toBe(200);
  return added.json() as { id: string; status: string; domains: { domain: string; isActive: boolean }[] };
}

async function bind(owner: Person, id: string, domain: string) {
  const bound = await call(owner, "bindEnterpriseConnectionDomain", { parameters: { id, domain } });
  expect(bound.statusCode, bound.body).toBe(200);
  return bound.json();
}

const trailOf = async (owner: Person) =>
  (await call(owner, "getFirmAudit")).json().events as { event: string; details: Record<string, unknown> }[];

/** An admin's test: started, walked through the provider as `accountId`, and its answer handed back. */
async function startTest(admin: Person, id: string) {
  const started = await call(admin, "startEnterpriseConnectionTest", { parameters: { id } });
  expect(started.statusCode, started.body).toBe(200);
  const cookie = started.cookies.find((item) => item.name === ATTEMPT_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", maxAge: 600 });
  return { redirectUrl: started.json().redirectUrl as string, attemptCookie: `${ATTEMPT_COOKIE}=${cookie?.value}` };
}

async function walk(redirectUrl: string, accountId = "partner-1") {
  // The provider's sign-in at the server's instant, which a forced sign-in is held to.
  idp.nextLogin = { accountId, signedInAt: Math.floor(time.clock().getTime() / 1000) };
  return (await walkToCallback(redirectUrl, REDIRECT_URI)).callbackUrl;
}

const finish = (who: Session | null, callbackUrl: string, attemptCookie?: string) =>
  call(null, "finishEnterpriseOidcSignIn", {
    body: { callbackUrl },
    headers: {
      ...(who ? { "x-access-key": who.accessKey } : {}),
      cookie: [who?.cookie, attemptCookie].filter(Boolean).join("; "),
    },
  });

/** A connection tested by the owner, its provider's person at `email`. */
async function testedConnection(owner: Person, domain: string, name?: string) {
  idp.addAccount(`person-${domain}`, { email: `avocate@${domain}`, email_verified: true, given_name: "Jeanne" });
  const connection = await addOidc(owner, name);
  await bind(owner, connection.id, domain);
  const { redirectUrl, attemptCookie } = await startTest(owner, connection.id);
  const tested = await finish(owner, await walk(redirectUrl, `person-${domain}`), attemptCookie);
  expect(tested.statusCode, tested.body).toBe(200);
  expect(tested.json().connection.status).toBe("tested");
  return connection;
}

describe("an OpenID Connect connection", () => {
  it("is added by an owner with its issuer discovered, its secret sealed in the row and never in an answer", async () => {
    const { owner } = await provenFirm();
    const added = await call(owner, "addOidcEnterpriseConnection", { body: oidcBody() });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.body).not.toContain(idp.clientSecret);
    expect(added.json()).toMatchObject({
      kind: "oidc",
      name: "Entra ID",
      status: "draft",
      domains: [],
      testedAt: null,
      oidc: { issuer: idp.issuer, clientId: idp.clientId, redirectUri: REDIRECT_URI },
      saml: null,
    });
    const listed = await call(owner, "getEnterpriseConnections");
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(idp.clientSecret);
    expect(listed.json().connections.map((connection: { id: string }) => connection.id)).toEqual([added.json().id]);

    const [row] = await server.database.db
      .select()
      .from(enterpriseConnections)
      .where(eq(enterpriseConnections.publicId, added.json().id));
    expect(row?.oidcClientSecretCiphertext).toMatch(/^k1:/);
    expect(row?.oidcClientSecretCiphertext).not.toContain(idp.clientSecret);
    // Sealed for its own row: it opens there, and nowhere else.
    const ring = server.config.enterpriseSecretKeys;
    const sealed = row?.oidcClientSecretCiphertext ?? "";
    expect(openSecret(ring, sealed, `enterprise-connection:${row?.publicId}:client-secret`)).toBe(idp.clientSecret);
    expect(() => openSecret(ring, sealed, "enterprise-connection:another:client-secret")).toThrow();

    // Nor in the firm's trail, nor in the server's log.
    expect((await call(owner, "getFirmAudit")).body).not.toContain(idp.clientSecret);
    expect(server.logs.text()).not.toContain(idp.clientSecret);
    const [event] = await trailOf(owner);
    expect(event).toMatchObject({
      event: "enterprise_connection_added",
      details: { connection: added.json().id, issuer: idp.issuer },
    });
  });

  it("refuses malformed input with the fields at fault, and an issuer that does not answer", async () => {
    const { owner } = await provenFirm();
    const malformed = await call(owner, "addOidcEnterpriseConnection", {
      body: { name: "", issuer: "not an address", clientId: "x", clientSecret: "y", extra: 1 },
    });
    expect(malformed.statusCode).toBe(400);
    const paths = malformed.json().fields.map((field: { path: string }) => field.path);
    expect(paths).toEqual(expect.arrayContaining(["body.name", "body.issuer"]));

    // A port nobody listens on.
    const silent = await call(owner, "addOidcEnterpriseConnection", {
      body: { ...oidcBody(), issuer: "http://127.0.0.1:9/tenant" },
    });
    expect(silent.statusCode, silent.body).toBe(400);
    expect(silent.json()).toMatchObject({
      message: "http://127.0.0.1:9/tenant did not answer within 10 seconds.",
      fields: [{ path: "body.issuer" }],
    });
    const plain = await call(owner, "addOidcEnterpriseConnection", {
      body: { ...oidcBody(), issuer: "http://idp.example.com/" },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe("The issuer must be an https:// address.");
    expect((await call(owner, "getEnterpriseConnections")).json().connections).toEqual([]);
  });

  it("is refused to members, to a session without the step-up, and to another firm, which learns nothing of it", async () => {
    const { owner, members } = await provenFirm();
    const connection = await addOidc(owner);
    const [member] = members;
    if (!member) throw new Error("the firm has a member");
    for (const [name, options] of [
      ["getEnterpriseConnections", {}],
      ["addOidcEnterpriseConnection", { body: oidcBody() }],
      ["deleteEnterpriseConnection", { parameters: { id: connection.id } }],
    ] as const) {
      const refused = await call(member, name, options);
      expect(refused.statusCode, name).toBe(403);
      expect(refused.json().message).toBe("Only the firm's owners and administrators can do this.");
    }

    const other = await provenFirm();
    for (const [name, options] of [
      ["updateEnterpriseConnection", { parameters: { id: connection.id }, body: { name: "Mine now" } }],
      ["deleteEnterpriseConnection", { parameters: { id: connection.id } }],
      ["activateEnterpriseConnection", { parameters: { id: connection.id } }],
      ["startEnterpriseConnectionTest", { parameters: { id: connection.id } }],
      ["getEnterpriseConnectionSamlMetadata", { parameters: { id: connection.id } }],
      ["bindEnterpriseConnectionDomain", { parameters: { id: connection.id, domain: other.domain } }],
    ] as const) {
      const refused = await call(other.owner, name, options);
      expect(refused.statusCode, name).toBe(404);
      expect(refused.json().message, name).toBe("Your firm has no such connection.");
    }
    expect((await call(other.owner, "getEnterpriseConnections")).json().connections).toEqual([]);

    // Twenty minutes on, the owner's sign-in is too old for a change, and nothing changes.
    time.advanceMinutes(20);
    const stale = await call(owner, "updateEnterpriseConnection", {
      parameters: { id: connection.id },
      body: { name: "Renamed" },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().fields).toEqual([expect.objectContaining({ path: "reauthentication" })]);
    const listed = await call(owner, "getEnterpriseConnections");
    expect(listed.json().connections[0].name).toBe("Entra ID");
  });

  it("is bound only to the firm's domains DNS has proven", async () => {
    const { owner, domain, prefix, firmId } = await provenFirm();
    const connection = await addOidc(owner);
    // A domain the firm added from an admin's address but never proved.
    const admin = await join(firmId, `admin@unproven-${prefix}.example`, "admin");
    const added = await call(admin, "addFirmDomain", { body: { domain: `unproven-${prefix}.example` } });
    expect(added.statusCode, added.body).toBe(200);
    const unproven = await call(owner, "bindEnterpriseConnectionDomain", {
      parameters: { id: connection.id, domain: `unproven-${prefix}.example` },
    });
    expect(unproven.statusCode).toBe(409);
    expect(unproven.json().message).toContain(`Prove that unproven-${prefix}.example is your firm's first`);
    const notTheFirms = await call(owner, "bindEnterpriseConnectionDomain", {
      parameters: { id: connection.id, domain: "elsewhere.example" },
    });
    expect(notTheFirms.statusCode).toBe(404);

    const bound = await bind(owner, connection.id, domain);
    expect(bound.domains).toEqual([{ domain, isActive: false }]);
    const unbound = await call(owner, "unbindEnterpriseConnectionDomain", {
      parameters: { id: connection.id, domain },
    });
    expect(unbound.statusCode).toBe(200);
    expect(unbound.json().domains).toEqual([]);
    const again = await call(owner, "unbindEnterpriseConnectionDomain", { parameters: { id: connection.id, domain } });
    expect(again.statusCode).toBe(404);
    expect((await trailOf(owner)).map((event) => event.event).slice(0, 2)).toEqual([
      "enterprise_connection_domain_unbound",
      "enterprise_connection_domain_bound",
    ]);
  });
});

describe("a test sign-in, then activation", () => {
  it("shows what the provider sent, makes the connection tested, and then it may be activated", async () => {
    const { owner, domain } = await provenFirm();
    idp.addAccount("tested-1", {
      email: `Avocate@${domain.toUpperCase()}`,
      email_verified: true,
      given_name: "Jeanne",
      family_name: "Tremblay",
      groups: ["precis-admins"],
    });
    const connection = await addOidc(owner);
    await bind(owner, connection.id, domain);
    const draft = await call(owner, "activateEnterpriseConnection", { parameters: { id: connection.id } });
    expect(draft.statusCode).toBe(409);
    expect(draft.json().message).toContain("Test this connection first");

    const { redirectUrl, attemptCookie } = await startTest(owner, connection.id);
    // A fresh sign-in at the provider is asked for: the admin proves it is their provider now.
    expect(new URL(redirectUrl).searchParams.get("prompt")).toBe("login");
    expect(new URL(redirectUrl).searchParams.get("max_age")).toBe("0");
    const [attempt] = await server.database.db
      .select()
      .from(enterpriseSignInAttempts)
      .where(eq(enterpriseSignInAttempts.connectionId, (await rowOf(connection.id)).id));
    const state = new URL(redirectUrl).searchParams.get("state") ?? "";
    // The state kept only as its hash, the nonce and verifier sealed: none of them readable in the row.
    expect(JSON.stringify(attempt)).not.toContain(state);
    expect(JSON.stringify(attempt)).not.toContain(new URL(redirectUrl).searchParams.get("nonce") ?? "");
    expect(attempt?.expiresAt.getTime()).toBe(time.clock().getTime() + 10 * 60_000);

    const callbackUrl = await walk(redirectUrl, "tested-1");
    const tested = await finish(owner, callbackUrl, attemptCookie);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toMatchObject({
      identity: {
        issuer: idp.issuer,
        subject: "tested-1",
        email: `avocate@${domain}`,
        emailVerified: true,
        givenName: "Jeanne",
        familyName: "Tremblay",
        groups: ["precis-admins"],
      },
      wouldPass: true,
      refusal: null,
      connection: { id: connection.id, status: "tested" },
    });

    const activated = await call(owner, "activateEnterpriseConnection", { parameters: { id: connection.id } });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ status: "active", domains: [{ domain, isActive: true }] });
    expect((await trailOf(owner)).map((event) => event.event).slice(0, 2)).toEqual([
      "enterprise_connection_activated",
      "enterprise_connection_tested",
    ]);
  });

  it("says why a person outside the connection's domains would be refused, and leaves it a draft", async () => {
    const { owner, domain } = await provenFirm();
    idp.addAccount("outsider", { email: "someone@elsewhere.example", email_verified: true });
    const connection = await addOidc(owner);
    await bind(owner, connection.id, domain);
    const { redirectUrl, attemptCookie } = await startTest(owner, connection.id);
    const tested = await finish(owner, await walk(redirectUrl, "outsider"), attemptCookie);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toMatchObject({
      wouldPass: false,
      refusal: "elsewhere.example is not one of this connection's domains.",
      connection: { status: "draft" },
    });
  });

  it("is finished once, in the browser and the session that started it, within ten minutes", async () => {
    const { owner, domain, firmId } = await provenFirm();
    const connection = await addOidc(owner);
    await bind(owner, connection.id, domain);
    idp.addAccount(`once-${domain}`, { email: `avocate@${domain}`, email_verified: true });

    const first = await startTest(owner, connection.id);
    const callbackUrl = await walk(first.redirectUrl, `once-${domain}`);
    // Without the attempt's cookie, another browser's answer is as unknown as none, and spends nothing.
    const noCookie = await finish(owner, callbackUrl);
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json().message).toBe("This sign-in has expired or was already used. Start again.");
    // Another admin of the firm, even with the cookie, did not start it.
    const otherAdmin = await join(firmId, `second-admin@${domain}`, "admin");
    const elsewhere = await finish(otherAdmin, callbackUrl, first.attemptCookie);
    expect(elsewhere.statusCode).toBe(403);
    expect(
      (await finish(owner, "https://evil.example/sso/oidc/callback?state=x", first.attemptCookie)).statusCode,
    ).toBe(400);

    const finished = await finish(owner, callbackUrl, first.attemptCookie);
    expect(finished.statusCode, finished.body).toBe(200);
    const replayed = await finish(owner, callbackUrl, first.attemptCookie);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe("This sign-in has expired or was already used. Start again.");

    // Eleven minutes after its start, an attempt is over, whatever the provider answers.
    const late = await startTest(owner, connection.id);
    const lateCallback = await walk(late.redirectUrl, `once-${domain}`);
    time.advanceMinutes(11);
    const expired = await finish(owner, lateCallback, late.attemptCookie);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe("This sign-in has expired or was already used. Start again.");
    // Refused for its age, not spent: the conditional update found nothing to consume.
    const attempts = await server.database.db
      .select()
      .from(enterpriseSignInAttempts)
      .where(eq(enterpriseSignInAttempts.connectionId, (await rowOf(connection.id)).id));
    expect(attempts.map((attempt) => attempt.usedAt === null).sort()).toEqual([false, true]);
  });

  it("goes back to draft when the provider's values change, but not for a new name", async () => {
    const { owner, domain } = await provenFirm();
    const connection = await testedConnection(owner, domain);
    const renamed = await call(owner, "updateEnterpriseConnection", {
      parameters: { id: connection.id },
      body: { name: "Okta" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Okta", status: "tested" });
    const before = (await rowOf(connection.id)).oidcClientSecretCiphertext;

    // An open test begun before the change cannot finish after it.
    const open = await startTest(owner, connection.id);
    const openCallback = await walk(open.redirectUrl, `person-${domain}`);
    const resealed = await call(owner, "updateEnterpriseConnection", {
      parameters: { id: connection.id },
      body: { clientSecret: idp.clientSecret },
    });
    expect(resealed.statusCode, resealed.body).toBe(200);
    expect(resealed.body).not.toContain(idp.clientSecret);
    expect(resealed.json()).toMatchObject({ status: "draft", testedAt: null });
    expect((await rowOf(connection.id)).oidcClientSecretCiphertext).not.toBe(before);
    expect((await finish(owner, openCallback, open.attemptCookie)).statusCode).toBe(400);

    const foreign = await call(owner, "updateEnterpriseConnection", {
      parameters: { id: connection.id },
      body: { ssoUrl: "https://idp.example.com/sso" },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual([expect.objectContaining({ path: "body.ssoUrl" })]);
    expect((await trailOf(owner))[0]).toMatchObject({
      event: "enterprise_connection_changed",
      details: { changed: "clientSecret", backToDraft: true },
    });
  });

  it("takes the domain from the firm's other active connection, in one step", async () => {
    const { owner, domain } = await provenFirm();
    const first = await testedConnection(owner, domain, "First");
    expect((await call(owner, "activateEnterpriseConnection", { parameters: { id: first.id } })).statusCode).toBe(200);
    const second = await testedConnection(owner, domain, "Second");
    const activated = await call(owner, "activateEnterpriseConnection", { parameters: { id: second.id } });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().domains).toEqual([{ domain, isActive: true }]);
    const connections = (await call(owner, "getEnterpriseConnections")).json().connections as {
      id: string;
      domains: unknown[];
    }[];
    expect(connections.find((connection) => connection.id === first.id)?.domains).toEqual([]);
    const served = await server.database.db
      .select()
      .from(enterpriseConnectionDomains)
      .where(eq(enterpriseConnectionDomains.domain, domain));
    expect(served.filter((binding) => binding.isActive)).toHaveLength(1);
    expect((await trailOf(owner))[0]).toMatchObject({
      event: "enterprise_connection_activated",
      details: { takenFrom: first.id },
    });

    const deleted = await call(owner, "deleteEnterpriseConnection", { parameters: { id: second.id } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().connections.map((connection: { id: string }) => connection.id)).toEqual([first.id]);
    expect((await trailOf(owner))[0]).toMatchObject({ event: "enterprise_connection_removed" });
  });
});

async function rowOf(publicId: string) {
  const [row] = await server.database.db
    .select()
    .from(enterpriseConnections)
    .where(eq(enterpriseConnections.publicId, publicId));
  if (!row) throw new Error(`no connection ${publicId}`);
  return row;
}

describe("a SAML connection", () => {
  it("is added from the provider's metadata, with the values the provider needs and Precis's metadata file", async () => {
    const { owner } = await provenFirm();
    const samlIdp = createSamlIdp({ acsUrl: "unused", spEntityId: "unused" });
    const current = signingKey("idp-current");
    const next = signingKey("idp-next");
    const added = await call(owner, "addSamlEnterpriseConnection", {
      body: { name: "Okta", metadataXml: samlIdp.metadataXml([current, next]) },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id: string = added.json().id;
    expect(added.json()).toMatchObject({
      kind: "saml",
      status: "draft",
      oidc: null,
      saml: {
        idpEntityId: samlIdp.idpEntityId,
        ssoUrl: samlIdp.ssoUrl,
        spEntityId: `${PUBLIC_URL}/api/enterprise-sign-in/saml/${id}`,
        acsUrl: `${PUBLIC_URL}/api/enterprise-sign-in/saml/${id}/acs`,
      },
    });
    expect(
      added
        .json()
        .saml.certificates.map((certificate: { fingerprintSha256: string }) => certificate.fingerprintSha256)
        .sort(),
    ).toEqual([current.fingerprint256, next.fingerprint256].sort());

    const metadata = await call(owner, "getEnterpriseConnectionSamlMetadata", { parameters: { id } });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers["content-type"]).toMatch(/^application\/samlmetadata\+xml/);
    expect(metadata.body).toContain(`entityID="${PUBLIC_URL}/api/enterprise-sign-in/saml/${id}"`);
    expect(metadata.body).toContain(`Location="${PUBLIC_URL}/api/enterprise-sign-in/saml/${id}/acs"`);

    // Its test needs the assertion consumer service, which is not open yet.
    const test = await call(owner, "startEnterpriseConnectionTest", { parameters: { id } });
    expect(test.statusCode).toBe(409);
    const oidcOne = await addOidc(owner);
    const noMetadata = await call(owner, "getEnterpriseConnectionSamlMetadata", { parameters: { id: oidcOne.id } });
    expect(noMetadata.statusCode).toBe(409);
  });

  it("is added by hand, and refuses half the values, both ways at once, a bad certificate and a DOCTYPE", async () => {
    const { owner } = await provenFirm();
    const current = signingKey("idp-current");
    const byHand = {
      name: "Google",
      idpEntityId: "https://accounts.google.com/o/saml2?idpid=C0abc",
      ssoUrl: "https://accounts.google.com/o/saml2/idp?idpid=C0abc",
      certificates: [current.certificatePem],
    };
    const added = await call(owner, "addSamlEnterpriseConnection", { body: byHand });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().saml.certificates).toEqual([
      expect.objectContaining({ fingerprintSha256: current.fingerprint256 }),
    ]);

    const half = await call(owner, "addSamlEnterpriseConnection", {
      body: { name: "Half", idpEntityId: byHand.idpEntityId },
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().fields.map((field: { path: string }) => field.path)).toContain("body.certificates");
    const both = await call(owner, "addSamlEnterpriseConnection", {
      body: { ...byHand, metadataXml: createSamlIdp({ acsUrl: "x", spEntityId: "x" }).metadataXml() },
    });
    expect(both.statusCode).toBe(400);
    const badCertificate = await call(owner, "addSamlEnterpriseConnection", {
      body: { ...byHand, certificates: [current.certificatePem, "bm90IGEgY2VydGlmaWNhdGU="] },
    });
    expect(badCertificate.statusCode).toBe(400);
    expect(badCertificate.json().fields).toEqual([expect.objectContaining({ path: "body.certificates.1" })]);
    const doctype = await call(owner, "addSamlEnterpriseConnection", {
      body: { name: "Evil", metadataXml: '<!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>' },
    });
    expect(doctype.statusCode).toBe(400);
    expect(doctype.json().message).toBe("XML with a document type or entity declarations is refused.");

    // New certificates are a new provider as far as a test is concerned.
    const rotated = await call(owner, "updateEnterpriseConnection", {
      parameters: { id: added.json().id },
      body: { certificates: [current.certificatePem, signingKey("idp-next").certificatePem] },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().saml.certificates).toHaveLength(2);
    expect((await trailOf(owner))[0]).toMatchObject({
      event: "enterprise_connection_changed",
      details: { changed: "certificates" },
    });
    const oidcField = await call(owner, "updateEnterpriseConnection", {
      parameters: { id: added.json().id },
      body: { clientSecret: "x" },
    });
    expect(oidcField.statusCode).toBe(400);
  });
});

describe("the tables", () => {
  it("refuse an OpenID Connect connection without its sealed secret", async () => {
    const { firmId } = await provenFirm();
    await expect(
      server.database.db.insert(enterpriseConnections).values({
        firmId,
        kind: "oidc",
        name: "Incomplete",
        oidcIssuer: "https://idp.example.com",
        oidcClientId: "x",
        oidcMetadata: {},
      }),
    ).rejects.toThrow();
  });
});
