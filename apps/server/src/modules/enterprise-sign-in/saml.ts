import { X509Certificate } from "node:crypto";
import { type CacheProvider, generateServiceProviderMetadata, SAML, ValidateInResponseTo } from "@node-saml/node-saml";
import type { Element } from "@xmldom/xmldom";
import { XMLSerializer } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import {
  attributeOf,
  certificatePem,
  childElements,
  onlyChild,
  parseXmlRoot,
  SAML_ASSERTION_NS,
  SAML_PROTOCOL_NS,
  textOf,
  XMLDSIG_NS,
} from "./saml-xml.ts";
import { guardSamlResponse, type XmlGuardRefusal } from "./xml-guard.ts";

/*
 * A firm's SAML identity provider, spoken to with node-saml: the AuthnRequest (HTTP-Redirect binding) and the
 * answer posted to the ACS. node-saml and xml-crypto make every signature check: the response and its one assertion
 * must both be signed by a trusted certificate, each signature enveloped in the element it signs, and only the bytes
 * the signatures cover are read. Precis adds what node-saml leaves out (the Destination, the Recipient, the bearer
 * confirmation, the issuers, the time bounds being present, the persistent NameID, replay) and judges every time on
 * the injected clock, since node-saml reads the machine's: its own time checks are switched off. Pure protocol,
 * as for OpenID Connect: the request and assertion records live behind `SamlAnswerStore`.
 */

/** What a connection keeps of its identity provider, and Precis's own addresses for it. */
export interface SamlConnection {
  readonly idpEntityId: string;
  /** The IdP's SingleSignOnService for the HTTP-Redirect binding. */
  readonly ssoUrl: string;
  /** Every certificate the IdP may sign with (PEM): two during a rotation, so neither side waits for the other. */
  readonly trustedCertificates: readonly string[];
  readonly spEntityId: string;
  readonly acsUrl: string;
}

/** How far the IdP's clock may be from ours. */
export const CLOCK_SKEW_MS = 2 * 60 * 1000;
/** How long after its IssueInstant an assertion is still taken, whatever its NotOnOrAfter says. */
export const MAX_ASSERTION_AGE_MS = 5 * 60 * 1000;
/** How long a sign-in request waits for its answer. */
export const REQUEST_LIFETIME_MS = 10 * 60 * 1000;

const PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
const SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success";
const MAX_SUBJECT_LENGTH = 256;
/** Entra, Okta and Google sign with SHA-256; SHA-1 is refused though xml-crypto would accept it. */
const SIGNATURE_ALGORITHMS = new Set([
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512",
]);
const DIGEST_ALGORITHMS = new Set([
  "http://www.w3.org/2001/04/xmlenc#sha256",
  "http://www.w3.org/2001/04/xmlenc#sha512",
]);

/** A sign-in request still waiting for its answer, as the caller recorded it when it sent the person away. */
export interface WaitingRequest {
  readonly issuedAt: Date;
  /** It asked for a fresh sign-in (ForceAuthn): the answer's AuthnInstant must be no older than the request. */
  readonly forceAuthn: boolean;
}

/** Where the requests sent and the assertions used are kept: the database, in the ACS's transaction. */
export interface SamlAnswerStore {
  /** This connection's request of that id, if it has not been answered yet, whatever its age. */
  waitingRequest(requestId: string): Promise<WaitingRequest | null>;
  /** Marks the request answered; false when another answer took it first (exactly once). */
  consumeRequest(requestId: string): Promise<boolean>;
  /** Records the assertion as used, kept until `expiresAt`; true when it was already recorded (a replay). */
  seenAssertion(assertionId: string, expiresAt: Date): Promise<boolean>;
}

/** Who the IdP says signed in, read from the signed assertion only. */
export interface SamlIdentity {
  readonly issuer: string;
  /** The persistent NameID: the person's key at this connection, never their email. */
  readonly subject: string;
  /** Lower-cased; null when the IdP sent none. */
  readonly email: string | null;
  readonly givenName: string | null;
  readonly familyName: string | null;
  readonly groups: readonly string[];
  /** The AuthnInstant, never later than now. */
  readonly authenticatedAt: Date;
  readonly assertionId: string;
  /** When the assertion stops being accepted (skew included): how long its id must be remembered. */
  readonly assertionExpiresAt: Date;
  readonly inResponseTo: string;
}

type Refusal<Name extends string, Extra = unknown> = { readonly outcome: Name } & Extra;

export type SamlRefusal =
  | XmlGuardRefusal
  /** Not a well-formed SAML 2.0 Response with exactly one plain (unencrypted) assertion. */
  | Refusal<"malformed", { readonly detail: string }>
  /** No InResponseTo: IdP-initiated sign-in is refused, the person starts at Precis. */
  | Refusal<"unsolicited">
  /** Answers no request of this connection that is still waiting (unknown, another's, or answered). */
  | Refusal<"unknownRequest">
  | Refusal<"requestExpired">
  /** The IdP answered with an error status (the person cancelled, or may not use this application). */
  | Refusal<"idpRefused", { readonly status: string }>
  | Refusal<"unsigned", { readonly part: "response" | "assertion" }>
  | Refusal<"weakAlgorithm", { readonly algorithm: string }>
  /** The signatures do not verify with any trusted certificate, and not with the one they name either. */
  | Refusal<"badSignature">
  /** Validly signed, by a certificate this connection does not trust (an IdP's new certificate not yet added). */
  | Refusal<"untrustedCertificate", { readonly fingerprint256: string }>
  | Refusal<"wrongIssuer">
  | Refusal<"wrongDestination">
  | Refusal<"wrongRecipient">
  | Refusal<"wrongAudience">
  /** The assertion's confirmation answers another request than the response does. */
  | Refusal<"wrongInResponseTo">
  /** No single bearer SubjectConfirmation with its SubjectConfirmationData. */
  | Refusal<"noBearerConfirmation">
  /** Conditions or the confirmation lacks NotBefore/NotOnOrAfter: an assertion must say how long it holds. */
  | Refusal<"missingTimeBounds">
  | Refusal<"expired">
  | Refusal<"notYetValid">
  /** The request asked for a fresh sign-in and the IdP reused an older one. */
  | Refusal<"notFresh">
  | Refusal<"notPersistentNameId">
  | Refusal<"replayed">
  /** node-saml refused after Precis's own checks passed: kept apart so it is seen, with node-saml's words. */
  | Refusal<"refused", { readonly detail: string }>;

export type SamlVerifyOutcome = { readonly outcome: "verified"; readonly identity: SamlIdentity } | SamlRefusal;

/** A refusal raised inside node-saml's processing, carried out through its rethrow. */
class RefusedAnswer extends Error {
  constructor(readonly refusal: SamlRefusal) {
    super(refusal.outcome);
  }
}

function samlOf(connection: SamlConnection, extra: Partial<ConstructorParameters<typeof SAML>[0]>) {
  return {
    entryPoint: connection.ssoUrl,
    issuer: connection.spEntityId,
    audience: connection.spEntityId,
    callbackUrl: connection.acsUrl,
    idpCert: [...connection.trustedCertificates],
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: true,
    identifierFormat: PERSISTENT,
    // node-saml's default asks for PasswordProtectedTransport "exact", which makes Entra refuse MFA and passkeys.
    disableRequestedAuthnContext: true,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_LIFETIME_MS,
    ...extra,
  };
}

/**
 * The address that sends the person to their IdP, and the request id to keep until the answer comes back. The
 * request's own IssueInstant is node-saml's (the machine's clock); `issuedAt` is the injected clock's, and the one
 * the answer is judged against.
 */
export async function buildSamlSignInRequest(
  connection: SamlConnection,
  request: { forceAuthn: boolean; now: Date },
): Promise<{ redirectUrl: string; requestId: string; issuedAt: Date }> {
  let requestId: string | undefined;
  const recorder: CacheProvider = {
    saveAsync: async (key, value) => {
      requestId = key;
      return { value, createdAt: request.now.getTime() };
    },
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  const saml = new SAML(samlOf(connection, { forceAuthn: request.forceAuthn, cacheProvider: recorder }));
  // RelayState stays empty: the answer is matched to its attempt by InResponseTo.
  const redirectUrl = await saml.getAuthorizeUrlAsync("", undefined, {});
  if (!requestId) throw new Error("node-saml built a request without recording its id");
  return { redirectUrl, requestId, issuedAt: request.now };
}

/** The SP metadata an admin gives their IdP: entity id, ACS, persistent NameID, signed assertions wanted. */
export function serviceProviderMetadata(connection: SamlConnection): string {
  return generateServiceProviderMetadata({
    issuer: connection.spEntityId,
    callbackUrl: connection.acsUrl,
    identifierFormat: PERSISTENT,
    wantAssertionsSigned: true,
    decryptionCert: null,
    publicCerts: null,
  });
}

const STRICT_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** An xs:dateTime in UTC, as SAML requires; anything else makes the answer malformed. */
function instantOf(element: Element | null, name: string): Date | null {
  const value = attributeOf(element, name);
  if (value === null) return null;
  const ms = STRICT_INSTANT.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new RefusedAnswer({ outcome: "malformed", detail: `${name} is not a UTC instant` });
  return new Date(ms);
}

/** The Response as Precis reads it before node-saml does: the shape it must have, and what decides the request. */
function readResponse(xml: string): { root: Element; assertion: Element } | SamlRefusal {
  const root = parseXmlRoot(xml);
  if (!root) return { outcome: "malformed", detail: "not well-formed XML" };
  if (
    root.namespaceURI !== SAML_PROTOCOL_NS ||
    root.localName !== "Response" ||
    attributeOf(root, "Version") !== "2.0"
  ) {
    return { outcome: "malformed", detail: "not a SAML 2.0 Response" };
  }
  if (childElements(root, SAML_ASSERTION_NS, "EncryptedAssertion").length > 0) {
    return { outcome: "malformed", detail: "encrypted assertions are not taken (the SP metadata offers no key)" };
  }
  const assertions = childElements(root, SAML_ASSERTION_NS, "Assertion");
  const [assertion] = assertions;
  const status = attributeOf(
    onlyChild(onlyChild(root, SAML_PROTOCOL_NS, "Status"), SAML_PROTOCOL_NS, "StatusCode"),
    "Value",
  );
  // An IdP's error is usually unsigned and has no assertion: it is named, since refusing it costs nothing.
  if (status !== SUCCESS) return { outcome: "idpRefused", status: status ?? "none" };
  if (assertions.length !== 1 || !assertion) {
    return { outcome: "malformed", detail: `${assertions.length} assertions where one is taken` };
  }
  return { root, assertion };
}

/** A signature present on the response and on the assertion, with algorithms Precis takes. */
function checkSignaturesPresent(root: Element, assertion: Element): SamlRefusal | null {
  for (const [part, element] of [
    ["response", root],
    ["assertion", assertion],
  ] as const) {
    const signatures = childElements(element, XMLDSIG_NS, "Signature");
    if (signatures.length === 0) return { outcome: "unsigned", part };
    for (const signature of signatures) {
      const signedInfo = onlyChild(signature, XMLDSIG_NS, "SignedInfo");
      const method = attributeOf(onlyChild(signedInfo, XMLDSIG_NS, "SignatureMethod"), "Algorithm") ?? "none";
      if (!SIGNATURE_ALGORITHMS.has(method)) return { outcome: "weakAlgorithm", algorithm: method };
      for (const reference of signedInfo ? childElements(signedInfo, XMLDSIG_NS, "Reference") : []) {
        const digest = attributeOf(onlyChild(reference, XMLDSIG_NS, "DigestMethod"), "Algorithm") ?? "none";
        if (!DIGEST_ALGORITHMS.has(digest)) return { outcome: "weakAlgorithm", algorithm: digest };
      }
    }
  }
  return null;
}

/**
 * Why the signatures did not verify, for the admin: a signature that verifies with the certificate it carries, one
 * this connection does not trust, is the IdP signing with a new certificate. xml-crypto makes that check too; the
 * answer is refused either way.
 */
function signatureRefusal(xml: string, root: Element, assertion: Element, trusted: readonly string[]): SamlRefusal {
  const trustedPrints = new Set(trusted.map((pem) => new X509Certificate(pem).fingerprint256));
  for (const element of [root, assertion]) {
    for (const signature of childElements(element, XMLDSIG_NS, "Signature")) {
      const keyInfo = onlyChild(signature, XMLDSIG_NS, "KeyInfo");
      const body = textOf(onlyChild(onlyChild(keyInfo, XMLDSIG_NS, "X509Data"), XMLDSIG_NS, "X509Certificate"));
      if (!body) continue;
      try {
        const pem = certificatePem(body);
        const { fingerprint256 } = new X509Certificate(pem);
        if (trustedPrints.has(fingerprint256)) continue;
        const verifier = new SignedXml({ publicCert: pem });
        verifier.loadSignature(new XMLSerializer().serializeToString(signature));
        if (verifier.checkSignature(xml)) return { outcome: "untrustedCertificate", fingerprint256 };
      } catch {
        // Not a certificate, or not a signature xml-crypto can check: nothing more to say than badSignature.
      }
    }
  }
  return { outcome: "badSignature" };
}

interface AnswerContext {
  readonly connection: SamlConnection;
  readonly root: Element;
  readonly requestId: string;
  readonly request: WaitingRequest;
  readonly now: Date;
}

/** Attribute names for the same claim as Entra (claim URIs), Okta and Google (as admins name them), and LDAP OIDs. */
const EMAIL_NAMES = [
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
  "email",
  "emailAddress",
  "mail",
  "urn:oid:0.9.2342.19200300.100.1.3",
];
const GIVEN_NAME_NAMES = [
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname",
  "givenName",
  "firstName",
  "given_name",
  "urn:oid:2.5.4.42",
];
const FAMILY_NAME_NAMES = [
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname",
  "surname",
  "familyName",
  "lastName",
  "family_name",
  "sn",
  "urn:oid:2.5.4.4",
];
const GROUP_NAMES = ["http://schemas.microsoft.com/ws/2008/06/identity/claims/groups", "groups", "memberOf"];

function attributeValues(assertion: Element): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const statement of childElements(assertion, SAML_ASSERTION_NS, "AttributeStatement")) {
    for (const attribute of childElements(statement, SAML_ASSERTION_NS, "Attribute")) {
      const name = attributeOf(attribute, "Name");
      if (!name) continue;
      const texts = childElements(attribute, SAML_ASSERTION_NS, "AttributeValue").flatMap((v) => textOf(v) ?? []);
      values.set(name, [...(values.get(name) ?? []), ...texts]);
    }
  }
  return values;
}

const firstOf = (values: Map<string, string[]>, names: readonly string[]) =>
  names.map((name) => values.get(name)?.[0]).find((value) => value !== undefined) ?? null;

/**
 * Precis's checks, on the assertion node-saml took from the signed bytes and on the Response's root (whose
 * attributes and direct children the verified response signature covers). Runs inside node-saml, after its
 * signature checks and before its own remaining ones.
 */
function checkSignedAnswer(signedAssertionXml: string, context: AnswerContext): SamlIdentity {
  const { connection, root, requestId, request, now } = context;
  const refuse = (refusal: SamlRefusal): never => {
    throw new RefusedAnswer(refusal);
  };
  const assertion = parseXmlRoot(signedAssertionXml);
  if (assertion?.localName !== "Assertion" || assertion.namespaceURI !== SAML_ASSERTION_NS) {
    return refuse({ outcome: "malformed", detail: "the signed assertion is not an assertion" });
  }

  if (textOf(onlyChild(root, SAML_ASSERTION_NS, "Issuer")) !== connection.idpEntityId)
    refuse({ outcome: "wrongIssuer" });
  if (attributeOf(root, "Destination") !== connection.acsUrl) refuse({ outcome: "wrongDestination" });
  if (textOf(onlyChild(assertion, SAML_ASSERTION_NS, "Issuer")) !== connection.idpEntityId) {
    refuse({ outcome: "wrongIssuer" });
  }

  const subject = onlyChild(assertion, SAML_ASSERTION_NS, "Subject");
  const nameId = onlyChild(subject, SAML_ASSERTION_NS, "NameID");
  const subjectId = textOf(nameId);
  if (attributeOf(nameId, "Format") !== PERSISTENT || !subjectId || subjectId.length > MAX_SUBJECT_LENGTH) {
    return refuse({ outcome: "notPersistentNameId" });
  }

  const confirmation = onlyChild(subject, SAML_ASSERTION_NS, "SubjectConfirmation");
  const confirmationData = onlyChild(confirmation, SAML_ASSERTION_NS, "SubjectConfirmationData");
  if (attributeOf(confirmation, "Method") !== BEARER || !confirmationData) refuse({ outcome: "noBearerConfirmation" });
  if (attributeOf(confirmationData, "Recipient") !== connection.acsUrl) refuse({ outcome: "wrongRecipient" });
  if (attributeOf(confirmationData, "InResponseTo") !== requestId) refuse({ outcome: "wrongInResponseTo" });

  const conditions = onlyChild(assertion, SAML_ASSERTION_NS, "Conditions");
  // Without Conditions an assertion says neither how long it holds nor for whom.
  if (!conditions) refuse({ outcome: "missingTimeBounds" });
  const restrictions = conditions ? childElements(conditions, SAML_ASSERTION_NS, "AudienceRestriction") : [];
  const audienceHeld = (restriction: Element) =>
    childElements(restriction, SAML_ASSERTION_NS, "Audience").some((a) => textOf(a) === connection.spEntityId);
  // Every AudienceRestriction must name us: each is a condition of its own.
  if (restrictions.length === 0 || !restrictions.every(audienceHeld)) refuse({ outcome: "wrongAudience" });

  const issuedAt = instantOf(assertion, "IssueInstant");
  const notBefore = instantOf(conditions, "NotBefore");
  const notOnOrAfter = instantOf(conditions, "NotOnOrAfter");
  const confirmedUntil = instantOf(confirmationData, "NotOnOrAfter");
  const confirmedFrom = instantOf(confirmationData, "NotBefore");
  if (!issuedAt || !notBefore || !notOnOrAfter || !confirmedUntil) return refuse({ outcome: "missingTimeBounds" });
  const latestStart = Math.max(issuedAt.getTime(), notBefore.getTime(), confirmedFrom?.getTime() ?? 0);
  if (now.getTime() + CLOCK_SKEW_MS < latestStart) refuse({ outcome: "notYetValid" });
  const holdsUntil = Math.min(
    notOnOrAfter.getTime(),
    confirmedUntil.getTime(),
    issuedAt.getTime() + MAX_ASSERTION_AGE_MS,
  );
  if (now.getTime() - CLOCK_SKEW_MS >= holdsUntil) refuse({ outcome: "expired" });

  const statement = onlyChild(assertion, SAML_ASSERTION_NS, "AuthnStatement");
  const authnInstant = instantOf(statement, "AuthnInstant");
  if (!authnInstant) return refuse({ outcome: "malformed", detail: "no single AuthnStatement with its AuthnInstant" });
  if (request.forceAuthn && authnInstant.getTime() < request.issuedAt.getTime() - CLOCK_SKEW_MS) {
    refuse({ outcome: "notFresh" });
  }
  const assertionId = attributeOf(assertion, "ID");
  if (!assertionId) return refuse({ outcome: "malformed", detail: "the assertion has no ID" });

  const attributes = attributeValues(assertion);
  return {
    issuer: connection.idpEntityId,
    subject: subjectId,
    email: firstOf(attributes, EMAIL_NAMES)?.toLowerCase() ?? null,
    givenName: firstOf(attributes, GIVEN_NAME_NAMES),
    familyName: firstOf(attributes, FAMILY_NAME_NAMES),
    groups: GROUP_NAMES.flatMap((name) => attributes.get(name) ?? []),
    // Never later than now: an IdP's clock ahead of ours must not make a session fresher than it is.
    authenticatedAt: new Date(Math.min(authnInstant.getTime(), now.getTime())),
    assertionId,
    assertionExpiresAt: new Date(holdsUntil + CLOCK_SKEW_MS),
    inResponseTo: requestId,
  };
}

/** node-saml with Precis's checks run on the assertion it verified, before node-saml's own last ones. */
class CheckedSaml extends SAML {
  signaturesVerified = false;
  identity: SamlIdentity | undefined;

  constructor(
    config: ConstructorParameters<typeof SAML>[0],
    private readonly context: AnswerContext,
  ) {
    super(config);
  }

  protected override async processValidlySignedAssertionAsync(
    signedAssertionXml: string,
    samlResponseXml: string,
    inResponseTo: string | null,
  ) {
    this.signaturesVerified = true;
    this.identity = checkSignedAnswer(signedAssertionXml, this.context);
    return super.processValidlySignedAssertionAsync(signedAssertionXml, samlResponseXml, inResponseTo);
  }
}

/**
 * The answer an IdP posted to the ACS (`SAMLResponse`, base64), judged at `now`. A verified outcome has consumed
 * the request and recorded the assertion in `store`; every refusal is named, so the admin can act on it.
 */
export async function verifySamlResponse(
  connection: SamlConnection,
  samlResponseBase64: string,
  store: SamlAnswerStore,
  now: Date,
): Promise<SamlVerifyOutcome> {
  const guarded = guardSamlResponse(samlResponseBase64);
  if (guarded.outcome !== "accepted") return guarded;
  const read = readResponse(guarded.xml);
  if ("outcome" in read) return read;
  const { root, assertion } = read;

  const requestId = attributeOf(root, "InResponseTo");
  if (!requestId) return { outcome: "unsolicited" };
  const request = await store.waitingRequest(requestId);
  if (!request) return { outcome: "unknownRequest" };
  if (now.getTime() >= request.issuedAt.getTime() + REQUEST_LIFETIME_MS) return { outcome: "requestExpired" };

  const unsigned = checkSignaturesPresent(root, assertion);
  if (unsigned) return unsigned;

  // node-saml looks the request up itself and measures its age on the machine's clock: the request is given to it
  // as issued the same time before the machine's now as before the injected one, so both clocks agree.
  const issuedOnMachineClock = new Date(request.issuedAt.getTime() + (Date.now() - now.getTime())).toISOString();
  const lookup: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (key) => (key === requestId ? issuedOnMachineClock : null),
    // Consumption is the store's, exactly once, once the answer is verified.
    removeAsync: async () => null,
  };
  const saml = new CheckedSaml(
    samlOf(connection, {
      cacheProvider: lookup,
      // -1 turns node-saml's time checks off: it reads the machine's clock; Precis checks the times at `now`.
      acceptedClockSkewMs: -1,
    }),
    { connection, root, requestId, request, now },
  );

  try {
    // The very text Precis read, so both readings are of the same characters.
    const SAMLResponse = Buffer.from(guarded.xml, "utf8").toString("base64");
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse });
    if (!profile || !saml.identity) return { outcome: "refused", detail: "node-saml found no assertion" };
  } catch (error) {
    if (error instanceof RefusedAnswer) return error.refusal;
    if (!saml.signaturesVerified) return signatureRefusal(guarded.xml, root, assertion, connection.trustedCertificates);
    return { outcome: "refused", detail: error instanceof Error ? error.message : String(error) };
  }

  const identity = saml.identity;
  if (!(await store.consumeRequest(requestId))) return { outcome: "unknownRequest" };
  if (await store.seenAssertion(identity.assertionId, identity.assertionExpiresAt)) return { outcome: "replayed" };
  return { outcome: "verified", identity };
}
