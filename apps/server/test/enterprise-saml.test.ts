import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  buildSamlSignInRequest,
  type SamlAnswerStore,
  type SamlConnection,
  serviceProviderMetadata,
  verifySamlResponse,
  type WaitingRequest,
} from "../src/modules/enterprise-sign-in/saml.ts";
import { parseIdpMetadata } from "../src/modules/enterprise-sign-in/saml-metadata.ts";
import { MAX_SAML_RESPONSE_BYTES } from "../src/modules/enterprise-sign-in/xml-guard.ts";
import {
  ASSERTION_WRAPPING_FORMS,
  createSamlIdp,
  forge,
  readAuthnRequest,
  signingKey,
  signResponse,
  toBase64,
  type WrappingForm,
} from "./support/saml-idp.ts";

/*
 * The SAML side of a firm's single sign-on: the AuthnRequest, and the answer posted to the ACS judged by node-saml
 * and xml-crypto plus Precis's own checks, against answers a test IdP signs for real, and every forgery the
 * literature names.
 */

const SP_ENTITY_ID = "https://precis.test/api/enterprise-sign-in/saml/5b7e2f1c-8c1d-4b8e-9a51-0f3a2c6d7e90";
const ACS_URL = `${SP_ENTITY_ID}/acs`;
const current = signingKey("idp-current");
const next = signingKey("idp-next");
const attacker = signingKey("attacker");
const idp = createSamlIdp({ acsUrl: ACS_URL, spEntityId: SP_ENTITY_ID });

const connection: SamlConnection = {
  idpEntityId: idp.idpEntityId,
  ssoUrl: idp.ssoUrl,
  trustedCertificates: [current.certificatePem],
  spEntityId: SP_ENTITY_ID,
  acsUrl: ACS_URL,
};

/** The requests and assertions as the database keeps them, in memory. */
function memoryStore(): SamlAnswerStore & { add(id: string, request: WaitingRequest): void } {
  const requests = new Map<string, WaitingRequest & { answered: boolean }>();
  const assertions = new Map<string, Date>();
  return {
    add: (id, request) => requests.set(id, { ...request, answered: false }),
    waitingRequest: async (id) => {
      const request = requests.get(id);
      return request && !request.answered ? request : null;
    },
    consumeRequest: async (id) => {
      const request = requests.get(id);
      if (!request || request.answered) return false;
      request.answered = true;
      return true;
    },
    seenAssertion: async (id, expiresAt) => {
      if (assertions.has(id)) return true;
      assertions.set(id, expiresAt);
      return false;
    },
  };
}

/** A sign-in sent to the IdP: the store knows its request, as the attempt's row would. */
async function begin(options: { forceAuthn?: boolean; now?: Date; store?: ReturnType<typeof memoryStore> } = {}) {
  const store = options.store ?? memoryStore();
  const now = options.now ?? new Date();
  const forceAuthn = options.forceAuthn ?? false;
  const built = await buildSamlSignInRequest(connection, { forceAuthn, now });
  store.add(built.requestId, { issuedAt: built.issuedAt, forceAuthn });
  return { ...built, store, now };
}

async function answered(
  changes: Parameters<typeof idp.answer>[1] = {},
  signing: Parameters<typeof idp.answer>[2] = {},
  options: { connection?: SamlConnection; now?: Date } = {},
) {
  const { requestId, store, now } = await begin();
  const answer = idp.answer(requestId, changes, signing);
  return verifySamlResponse(options.connection ?? connection, answer, store, options.now ?? now);
}

describe("the sign-in request", () => {
  it("sends the person to the IdP with an AuthnRequest for a persistent NameID, and no authentication class", async () => {
    const { redirectUrl, requestId, issuedAt, now } = await begin();
    const request = readAuthnRequest(redirectUrl);
    expect(request.endpoint).toBe(idp.ssoUrl);
    expect(request.id).toBe(requestId);
    expect(issuedAt).toEqual(now);
    expect(request.destination).toBe(idp.ssoUrl);
    expect(request.acsUrl).toBe(ACS_URL);
    expect(request.issuer).toBe(SP_ENTITY_ID);
    expect(request.nameIdFormat).toBe("urn:oasis:names:tc:SAML:2.0:nameid-format:persistent");
    // Asking for PasswordProtectedTransport would make Entra refuse a person signing in with MFA or a passkey.
    expect(request.requestsAuthnContext).toBe(false);
    expect(request.forceAuthn).toBe(false);
    expect(request.relayState).toBeNull();
  });

  it("asks for a fresh sign-in when told to, and each request has its own id", async () => {
    const first = await begin({ forceAuthn: true });
    const second = await begin({ forceAuthn: true });
    expect(readAuthnRequest(first.redirectUrl).forceAuthn).toBe(true);
    expect(first.requestId).not.toBe(second.requestId);
  });

  it("describes Precis to the IdP in its SP metadata", () => {
    const metadata = serviceProviderMetadata(connection);
    expect(metadata).toContain(`entityID="${SP_ENTITY_ID}"`);
    expect(metadata).toContain(`Location="${ACS_URL}"`);
    expect(metadata).toContain("urn:oasis:names:tc:SAML:2.0:nameid-format:persistent");
    expect(metadata).toContain('WantAssertionsSigned="true"');
    expect(metadata).not.toContain("KeyDescriptor");
  });
});

describe("a signed answer", () => {
  it("says who signed in, from the signed assertion", async () => {
    const { requestId, store, now } = await begin();
    const authnInstant = new Date(now.getTime() - 90_000);
    const assertionId = `_a${randomUUID()}`;
    const outcome = await verifySamlResponse(
      connection,
      idp.answer(requestId, { authnInstant, assertionId }),
      store,
      now,
    );
    expect(outcome).toEqual({
      outcome: "verified",
      identity: {
        issuer: idp.idpEntityId,
        subject: "00u1partner-persistent-7f3a",
        email: "avocate@cabinet-exemple.ca",
        givenName: "Jeanne",
        familyName: "Tremblay",
        groups: ["precis-admins", "litige"],
        authenticatedAt: new Date(Math.floor(authnInstant.getTime())),
        assertionId,
        inResponseTo: requestId,
        assertionExpiresAt: expect.any(Date),
      },
    });
    if (outcome.outcome !== "verified") return;
    // Remembered as long as it could be accepted: five minutes of validity and the two of skew.
    const expectedUntil = Math.floor(now.getTime() / 1000) * 1000;
    expect(outcome.identity.assertionExpiresAt.getTime() - expectedUntil).toBeGreaterThanOrEqual(7 * 60_000 - 1000);
    expect(outcome.identity.assertionExpiresAt.getTime() - expectedUntil).toBeLessThanOrEqual(7 * 60_000 + 1000);
  });

  it("reads Okta's short attribute names too", async () => {
    const outcome = await answered({ shortAttributeNames: true });
    expect(outcome).toMatchObject({
      outcome: "verified",
      identity: { email: "avocate@cabinet-exemple.ca", givenName: "Jeanne", familyName: "Tremblay" },
    });
  });

  it("reads an assertion whose namespaces are declared on the Response only", async () => {
    const { requestId, store, now } = await begin();
    const xml = idp.unsignedXml(requestId).replace(/<saml:Assertion xmlns:saml="[^"]+"/, "<saml:Assertion");
    expect(xml).not.toMatch(/<saml:Assertion xmlns/);
    const outcome = await verifySamlResponse(connection, toBase64(signResponse(xml)), store, now);
    expect(outcome).toMatchObject({ outcome: "verified", identity: { subject: "00u1partner-persistent-7f3a" } });
  });

  it("never makes a sign-in later than now, whatever the IdP's clock says", async () => {
    const { requestId, store, now } = await begin();
    const outcome = await verifySamlResponse(
      connection,
      idp.answer(requestId, { authnInstant: new Date(now.getTime() + 60_000) }),
      store,
      now,
    );
    expect(outcome).toMatchObject({ outcome: "verified", identity: { authenticatedAt: now } });
  });

  it("takes either certificate during a rotation, and names a certificate not yet added", async () => {
    const rotating = { ...connection, trustedCertificates: [current.certificatePem, next.certificatePem] };
    for (const key of [current, next]) {
      expect((await answered({}, { key }, { connection: rotating })).outcome).toBe("verified");
    }
    expect(await answered({}, { key: next })).toEqual({
      outcome: "untrustedCertificate",
      fingerprint256: next.fingerprint256,
    });
  });

  it("trusts the connection's certificates, never the one the signature carries", async () => {
    // Signed by a key nobody trusts, showing its own certificate.
    expect(await answered({}, { key: attacker })).toEqual({
      outcome: "untrustedCertificate",
      fingerprint256: attacker.fingerprint256,
    });
    // Signed by a key nobody trusts, claiming the IdP's certificate.
    expect(await answered({}, { key: attacker, keyInfoCertificatePem: current.certificatePem })).toEqual({
      outcome: "badSignature",
    });
    // Signed by the IdP, with another certificate written into KeyInfo: the IdP's key verifies, KeyInfo is ignored.
    expect((await answered({}, { keyInfoCertificatePem: attacker.certificatePem })).outcome).toBe("verified");
  });
});

describe("signatures", () => {
  it("wants both the response and the assertion signed", async () => {
    expect(await answered({}, { signAssertion: false, signResponse: false })).toEqual({
      outcome: "unsigned",
      part: "response",
    });
    expect(await answered({}, { signResponse: false })).toEqual({ outcome: "unsigned", part: "response" });
    expect(await answered({}, { signAssertion: false })).toEqual({ outcome: "unsigned", part: "assertion" });
  });

  it("refuses an answer changed after it was signed", async () => {
    const { requestId, store, now } = await begin();
    const signed = signResponse(idp.unsignedXml(requestId));
    expect(await verifySamlResponse(connection, forge.tampered(signed), store, now)).toEqual({
      outcome: "badSignature",
    });
  });

  it("refuses SHA-1 signatures", async () => {
    expect(await answered({}, { weak: true })).toEqual({
      outcome: "weakAlgorithm",
      algorithm: "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
    });
  });

  // The outcome each form meets first: a second assertion is refused before any signature is read, an assertion
  // whose signature is elsewhere is unsigned, and a signature whose reference is not its own parent does not verify.
  const WRAPPED: Record<WrappingForm, object> = {
    xsw1: { outcome: "badSignature" },
    xsw2: { outcome: "badSignature" },
    xsw3: { outcome: "malformed", detail: "2 assertions where one is taken" },
    xsw4: { outcome: "unsigned", part: "assertion" },
    xsw5: { outcome: "malformed", detail: "2 assertions where one is taken" },
    xsw6: { outcome: "badSignature" },
    xsw7: { outcome: "unsigned", part: "assertion" },
    xsw8: { outcome: "badSignature" },
  };

  for (const [form, expected] of Object.entries(WRAPPED) as [WrappingForm, object][]) {
    it(`refuses the signature-wrapping form ${form.toUpperCase()}`, async () => {
      const { requestId, store, now } = await begin();
      const signed = signResponse(idp.unsignedXml(requestId));
      const forged = forge.wrapped(form, signed);
      expect(Buffer.from(forged, "base64").toString("utf8")).toContain(forge.evilNameId);
      expect(await verifySamlResponse(connection, forged, store, now)).toEqual(expected);
    });
  }

  for (const form of ASSERTION_WRAPPING_FORMS) {
    it(`refuses ${form.toUpperCase()} even with the response's signature made valid again`, async () => {
      const { requestId, store, now } = await begin();
      const signed = signResponse(idp.unsignedXml(requestId));
      const outcome = await verifySamlResponse(connection, forge.wrappedAndResigned(form, signed), store, now);
      expect(outcome).toEqual(WRAPPED[form]);
    });
  }
});

describe("what the answer is for", () => {
  it("refuses an IdP-initiated answer: the person starts at Precis", async () => {
    const { store, now } = await begin();
    expect(await verifySamlResponse(connection, idp.answer(null), store, now)).toEqual({ outcome: "unsolicited" });
  });

  it("refuses an answer to a request this connection never sent, or already answered", async () => {
    const { store, now, requestId } = await begin();
    expect(await verifySamlResponse(connection, idp.answer(`_${randomUUID()}`), store, now)).toEqual({
      outcome: "unknownRequest",
    });
    expect((await verifySamlResponse(connection, idp.answer(requestId), store, now)).outcome).toBe("verified");
    expect(await verifySamlResponse(connection, idp.answer(requestId), store, now)).toEqual({
      outcome: "unknownRequest",
    });
  });

  it("spends a request only on a verified answer, so a forgery posted first does not lock the person out", async () => {
    const { requestId, store, now } = await begin();
    expect(
      (await verifySamlResponse(connection, idp.answer(requestId, {}, { key: attacker }), store, now)).outcome,
    ).toBe("untrustedCertificate");
    expect((await verifySamlResponse(connection, idp.answer(requestId), store, now)).outcome).toBe("verified");
  });

  it("refuses an answer to a request older than ten minutes", async () => {
    const { store, requestId, now } = await begin({ now: new Date(Date.now() - 11 * 60_000) });
    const later = new Date(now.getTime() + 11 * 60_000);
    expect(await verifySamlResponse(connection, idp.answer(requestId), store, later)).toEqual({
      outcome: "requestExpired",
    });
  });

  it("refuses an assertion confirmed for another request", async () => {
    expect(await answered({ confirmationInResponseTo: `_${randomUUID()}` })).toEqual({
      outcome: "wrongInResponseTo",
    });
  });

  it("refuses an assertion used before, even under a fresh request", async () => {
    const store = memoryStore();
    const assertionId = `_a${randomUUID()}`;
    const first = await begin({ store });
    const second = await begin({ store });
    const now = new Date();
    expect(
      (await verifySamlResponse(connection, idp.answer(first.requestId, { assertionId }), store, now)).outcome,
    ).toBe("verified");
    expect(await verifySamlResponse(connection, idp.answer(second.requestId, { assertionId }), store, now)).toEqual({
      outcome: "replayed",
    });
  });

  it("wants the answer addressed to this ACS, for this SP, from this IdP", async () => {
    expect(await answered({ audience: "https://other-sp.test/saml" })).toEqual({ outcome: "wrongAudience" });
    expect(await answered({ destination: "https://other-sp.test/acs" })).toEqual({ outcome: "wrongDestination" });
    expect(await answered({ destination: null })).toEqual({ outcome: "wrongDestination" });
    expect(await answered({ recipient: "https://other-sp.test/acs" })).toEqual({ outcome: "wrongRecipient" });
    expect(await answered({ idpEntityId: "https://other-idp.test/saml" })).toEqual({ outcome: "wrongIssuer" });
    expect(await answered({ assertionIssuer: "https://other-idp.test/saml" })).toEqual({ outcome: "wrongIssuer" });
  });

  it("wants a bearer confirmation and conditions that say how long the assertion holds", async () => {
    expect(await answered({ subjectConfirmation: false })).toEqual({ outcome: "noBearerConfirmation" });
    expect(await answered({ conditions: false })).toEqual({ outcome: "missingTimeBounds" });
    expect(await answered({ notOnOrAfter: null })).toEqual({ outcome: "missingTimeBounds" });
    expect(await answered({ notBefore: null })).toEqual({ outcome: "missingTimeBounds" });
  });

  it("wants a persistent NameID of reasonable length", async () => {
    const emailFormat = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
    expect(await answered({ nameIdFormat: emailFormat })).toEqual({ outcome: "notPersistentNameId" });
    expect(await answered({ nameId: "x".repeat(257) })).toEqual({ outcome: "notPersistentNameId" });
  });

  it("names the IdP's own refusal", async () => {
    const { requestId, store, now } = await begin();
    const refusal = idp.unsignedXml(requestId, { status: "urn:oasis:names:tc:SAML:2.0:status:Requester" });
    expect(await verifySamlResponse(connection, toBase64(refusal), store, now)).toEqual({
      outcome: "idpRefused",
      status: "urn:oasis:names:tc:SAML:2.0:status:Requester",
    });
  });
});

describe("time, on the injected clock", () => {
  const minutesFrom = (date: Date, count: number) => new Date(date.getTime() + count * 60_000);

  it("refuses an expired assertion, and takes one within the two minutes of skew", async () => {
    const now = new Date();
    expect(await answered({ notOnOrAfter: minutesFrom(now, -3) })).toEqual({ outcome: "expired" });
    expect((await answered({ notOnOrAfter: minutesFrom(now, -1) })).outcome).toBe("verified");
    // Issued eight minutes ago: older than the five minutes an assertion is taken, skew included.
    expect(await answered({ issuedAt: minutesFrom(now, -8), authnInstant: minutesFrom(now, -8) })).toEqual({
      outcome: "expired",
    });
  });

  it("refuses an assertion not valid yet beyond the two minutes of skew", async () => {
    const now = new Date();
    expect(await answered({ notBefore: minutesFrom(now, 3) })).toEqual({ outcome: "notYetValid" });
    expect((await answered({ notBefore: minutesFrom(now, 1) })).outcome).toBe("verified");
    expect(await answered({ issuedAt: minutesFrom(now, 3), notBefore: now })).toEqual({ outcome: "notYetValid" });
  });

  it("judges times at the injected clock's now, not the machine's", async () => {
    // Eight minutes on, the same answer has expired.
    const { requestId, store, now } = await begin();
    expect(await verifySamlResponse(connection, idp.answer(requestId), store, minutesFrom(now, 8))).toEqual({
      outcome: "expired",
    });
    // An answer from an hour ago, judged an hour ago, holds.
    const anHourAgo = minutesFrom(new Date(), -60);
    const earlier = await begin({ now: anHourAgo });
    const old = idp.answer(earlier.requestId, { issuedAt: anHourAgo, authnInstant: anHourAgo });
    expect((await verifySamlResponse(connection, old, earlier.store, anHourAgo)).outcome).toBe("verified");
  });

  it("refuses an older sign-in when the request asked for a fresh one", async () => {
    const stale = await begin({ forceAuthn: true });
    const staleAnswer = idp.answer(stale.requestId, { authnInstant: minutesFrom(stale.now, -10) });
    expect(await verifySamlResponse(connection, staleAnswer, stale.store, stale.now)).toEqual({ outcome: "notFresh" });
    const fresh = await begin({ forceAuthn: true });
    const freshAnswer = idp.answer(fresh.requestId, { authnInstant: fresh.now });
    expect((await verifySamlResponse(connection, freshAnswer, fresh.store, fresh.now)).outcome).toBe("verified");
  });
});

describe("XML refused before it is parsed", () => {
  async function verifyXml(transform: (xml: string) => string) {
    const { requestId, store, now } = await begin();
    const xml = transform(signResponse(idp.unsignedXml(requestId)));
    return verifySamlResponse(connection, toBase64(xml), store, now);
  }

  it("refuses a document type or entity declarations", async () => {
    const doctype = '<?xml version="1.0"?><!DOCTYPE samlp:Response [<!ENTITY who "someone">]>';
    expect(await verifyXml((xml) => `${doctype}${xml}`)).toEqual({ outcome: "declarationsRefused" });
    expect(await verifyXml((xml) => `<!doctype Response>${xml}`)).toEqual({ outcome: "declarationsRefused" });
  });

  it("refuses comments, the NameID-truncation trick", async () => {
    const truncated = (xml: string) => xml.replace("00u1partner", "00u1partner<!---->");
    expect(await verifyXml(truncated)).toEqual({ outcome: "commentsRefused" });
  });

  it("refuses an answer over 256 kB", async () => {
    const padded = (xml: string) => xml.replace("Jeanne", "J".repeat(MAX_SAML_RESPONSE_BYTES));
    expect(await verifyXml(padded)).toEqual({ outcome: "tooLarge", limitBytes: MAX_SAML_RESPONSE_BYTES });
  });

  it("refuses what is not base64, or not UTF-8", async () => {
    const { store, now } = await begin();
    expect(await verifySamlResponse(connection, "PHNhbWxwOlJlc3BvbnNlPg*=", store, now)).toEqual({
      outcome: "notBase64",
    });
    expect(await verifySamlResponse(connection, "PHNhbWxw", store, now)).toEqual({
      outcome: "malformed",
      detail: "not well-formed XML",
    });
    const utf16 = Buffer.from(`\uFEFF<samlp:Response/>`, "utf16le").toString("base64");
    expect(await verifySamlResponse(connection, utf16, store, now)).toEqual({ outcome: "notUtf8" });
    expect(await verifyXml((xml) => `<?xml version="1.0" encoding="ISO-8859-1"?>${xml}`)).toEqual({
      outcome: "notUtf8",
    });
  });

  it("takes base64 wrapped in lines, and an XML declaration in UTF-8", async () => {
    const { requestId, store, now } = await begin();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>${signResponse(idp.unsignedXml(requestId))}`;
    const wrapped = toBase64(xml).replace(/.{76}/g, "$&\r\n");
    expect((await verifySamlResponse(connection, wrapped, store, now)).outcome).toBe("verified");
  });
});

describe("IdP metadata", () => {
  it("reads the entity id, the HTTP-Redirect address and every signing certificate with its expiry", () => {
    const outcome = parseIdpMetadata(idp.metadataXml([current, next]));
    expect(outcome).toMatchObject({
      outcome: "parsed",
      metadata: {
        entityId: idp.idpEntityId,
        ssoUrl: idp.ssoUrl,
        signingCertificates: [
          { fingerprint256: current.fingerprint256, notAfter: expect.any(Date) },
          { fingerprint256: next.fingerprint256, notAfter: expect.any(Date) },
        ],
      },
    });
    if (outcome.outcome !== "parsed") return;
    const [first] = outcome.metadata.signingCertificates;
    expect(first?.notAfter.getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 3600 * 1000);
    expect(first?.notBefore.getTime()).toBeLessThan(Date.now());
    // The PEM read back is the certificate given: an answer signed with it verifies.
    const fromMetadata = { ...connection, trustedCertificates: outcome.metadata.signingCertificates.map((c) => c.pem) };
    return answered({}, { key: next }, { connection: fromMetadata }).then((verified) =>
      expect(verified.outcome).toBe("verified"),
    );
  });

  it("refuses a document type, an aggregate, no redirect binding, or no signing certificate", () => {
    const metadata = idp.metadataXml();
    expect(parseIdpMetadata(metadata.replace("?>", '?><!DOCTYPE md:EntityDescriptor [<!ENTITY x "y">]>'))).toEqual({
      outcome: "declarationsRefused",
    });
    const aggregate = metadata
      .replace(/<\?xml[^>]*\?>/, "")
      .replace(/^/, '<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">')
      .concat("</md:EntitiesDescriptor>");
    expect(parseIdpMetadata(aggregate)).toMatchObject({ outcome: "notMetadata" });
    expect(parseIdpMetadata(metadata.replace("bindings:HTTP-Redirect", "bindings:HTTP-Artifact"))).toMatchObject({
      outcome: "notMetadata",
      detail: "no SingleSignOnService for the HTTP-Redirect binding",
    });
    expect(parseIdpMetadata(metadata.replace('use="signing"', 'use="encryption"'))).toMatchObject({
      outcome: "notMetadata",
      detail: "no signing certificate",
    });
    expect(parseIdpMetadata("not xml")).toMatchObject({ outcome: "notMetadata" });
  });
});
