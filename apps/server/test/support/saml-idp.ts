import { randomUUID, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { inflateRawSync } from "node:zlib";
import { DOMParser, type Document, type Element, XMLSerializer } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";

/*
 * A SAML identity provider for the tests: it builds real Responses and signs the assertion and then the response
 * with xml-crypto (RSA-SHA256, exclusive canonicalization), as Entra, Okta and Google do. Its keys are fixed files
 * (test/fixtures/saml, self-signed RSA-2048 made once with `openssl req -x509 -newkey rsa:2048 -nodes -sha256
 * -days 36500 -subj "/CN=<name>.test-idp.invalid" -keyout <name>.key.pem -out <name>.cert.pem`): "idp-current" and
 * "idp-next" are one IdP's two certificates during a rotation, "attacker" is a key nobody trusts. The forgers build
 * the eight classic XML signature-wrapping forms from a validly signed Response.
 */

export type SigningKeyName = "idp-current" | "idp-next" | "attacker";

export interface SigningKey {
  readonly privateKeyPem: string;
  readonly certificatePem: string;
  readonly fingerprint256: string;
}

function fixture(name: string) {
  return readFileSync(new URL(`../fixtures/saml/${name}`, import.meta.url), "utf8");
}

export function signingKey(name: SigningKeyName): SigningKey {
  const certificatePem = fixture(`${name}.cert.pem`);
  return {
    privateKeyPem: fixture(`${name}.key.pem`),
    certificatePem,
    fingerprint256: new X509Certificate(certificatePem).fingerprint256,
  };
}

const NS = {
  protocol: "urn:oasis:names:tc:SAML:2.0:protocol",
  assertion: "urn:oasis:names:tc:SAML:2.0:assertion",
  ds: "http://www.w3.org/2000/09/xmldsig#",
};
export const PERSISTENT_NAME_ID = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
const ALG = {
  rsaSha256: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
  rsaSha1: "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
  c14n: "http://www.w3.org/2001/10/xml-exc-c14n#",
  enveloped: "http://www.w3.org/2000/09/xmldsig#enveloped-signature",
  sha256: "http://www.w3.org/2001/04/xmlenc#sha256",
  sha1: "http://www.w3.org/2000/09/xmldsig#sha1",
};

/** Everything an answer says; each test changes only what it is about. */
export interface AnswerFields {
  /** Null: an IdP-initiated answer, with no InResponseTo anywhere. */
  requestId: string | null;
  /** The assertion's confirmation's InResponseTo, when it is not the response's. */
  confirmationInResponseTo?: string | null;
  idpEntityId: string;
  assertionIssuer?: string;
  acsUrl: string;
  destination?: string | null;
  recipient?: string;
  audience: string;
  nameId: string;
  nameIdFormat: string;
  email: string;
  givenName: string;
  familyName: string;
  groups: string[];
  /** The IdP's clock when it answered. */
  issuedAt: Date;
  notBefore?: Date | null;
  notOnOrAfter?: Date | null;
  authnInstant: Date;
  assertionId: string;
  responseId: string;
  status: string;
  subjectConfirmation: boolean;
  conditions: boolean;
  /** Okta-style short attribute names instead of Entra's claim URIs. */
  shortAttributeNames: boolean;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const attr = (name: string, value: string | null | undefined) =>
  value === null || value === undefined ? "" : ` ${name}="${escapeXml(value)}"`;
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const minutes = (date: Date, count: number) => new Date(date.getTime() + count * 60_000);

function attributeXml(name: string, values: string[]) {
  const valueXml = values.map((value) => `<saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue>`).join("");
  return `<saml:Attribute Name="${escapeXml(name)}">${valueXml}</saml:Attribute>`;
}

/** The unsigned Response, in the schema's order (a signature goes right after each Issuer). */
export function responseXml(fields: AnswerFields): string {
  const inResponseTo =
    fields.confirmationInResponseTo === undefined ? fields.requestId : fields.confirmationInResponseTo;
  const notBefore = fields.notBefore === undefined ? minutes(fields.issuedAt, -1) : fields.notBefore;
  const notOnOrAfter = fields.notOnOrAfter === undefined ? minutes(fields.issuedAt, 5) : fields.notOnOrAfter;
  const names = fields.shortAttributeNames
    ? { email: "email", given: "firstName", family: "lastName", groups: "groups" }
    : {
        email: "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
        given: "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname",
        family: "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname",
        groups: "http://schemas.microsoft.com/ws/2008/06/identity/claims/groups",
      };
  const confirmation = fields.subjectConfirmation
    ? `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${attr(
        "InResponseTo",
        inResponseTo,
      )}${attr("NotOnOrAfter", iso(notOnOrAfter))}${attr("Recipient", fields.recipient ?? fields.acsUrl)}/></saml:SubjectConfirmation>`
    : "";
  const conditions = fields.conditions
    ? `<saml:Conditions${attr("NotBefore", iso(notBefore))}${attr("NotOnOrAfter", iso(notOnOrAfter))}><saml:AudienceRestriction><saml:Audience>${escapeXml(
        fields.audience,
      )}</saml:Audience></saml:AudienceRestriction></saml:Conditions>`
    : "";
  return (
    `<samlp:Response xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${fields.responseId}" Version="2.0"` +
    ` IssueInstant="${fields.issuedAt.toISOString()}"${attr(
      "Destination",
      fields.destination === undefined ? fields.acsUrl : fields.destination,
    )}${attr("InResponseTo", fields.requestId)}>` +
    `<saml:Issuer>${escapeXml(fields.idpEntityId)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="${fields.status}"/></samlp:Status>` +
    `<saml:Assertion xmlns:saml="${NS.assertion}" ID="${fields.assertionId}" Version="2.0" IssueInstant="${fields.issuedAt.toISOString()}">` +
    `<saml:Issuer>${escapeXml(fields.assertionIssuer ?? fields.idpEntityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${escapeXml(fields.nameIdFormat)}">${escapeXml(fields.nameId)}</saml:NameID>${confirmation}</saml:Subject>` +
    conditions +
    `<saml:AuthnStatement AuthnInstant="${fields.authnInstant.toISOString()}" SessionIndex="_s${randomUUID()}">` +
    `<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attributeXml(names.email, [fields.email])}${attributeXml(names.given, [fields.givenName])}${attributeXml(
      names.family,
      [fields.familyName],
    )}${attributeXml(names.groups, fields.groups)}</saml:AttributeStatement>` +
    `</saml:Assertion></samlp:Response>`
  );
}

const ASSERTION = "//*[local-name(.)='Assertion']";
const RESPONSE = "/*[local-name(.)='Response']";

/** Signs the element `xpath` selects, the signature placed right after its Issuer. */
export function signElement(
  xml: string,
  xpath: string,
  key: SigningKey,
  options: { weak?: boolean; keyInfoCertificatePem?: string } = {},
) {
  const signer = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: options.keyInfoCertificatePem ?? key.certificatePem,
    signatureAlgorithm: options.weak ? ALG.rsaSha1 : ALG.rsaSha256,
    canonicalizationAlgorithm: ALG.c14n,
  });
  signer.addReference({
    xpath,
    transforms: [ALG.enveloped, ALG.c14n],
    digestAlgorithm: options.weak ? ALG.sha1 : ALG.sha256,
  });
  signer.computeSignature(xml, {
    prefix: "ds",
    location: { reference: `${xpath}/*[local-name(.)='Issuer']`, action: "after" },
  });
  return signer.getSignedXml();
}

export interface SignOptions {
  signAssertion?: boolean;
  signResponse?: boolean;
  key?: SigningKey;
  weak?: boolean;
  /** The certificate written into KeyInfo, when it is not the signing key's own. */
  keyInfoCertificatePem?: string;
}

/** The assertion signed, then the response around it, as a firm's IdP configured as Precis asks does. */
export function signResponse(xml: string, options: SignOptions = {}) {
  const key = options.key ?? signingKey("idp-current");
  const signing = { weak: options.weak, keyInfoCertificatePem: options.keyInfoCertificatePem };
  let signed = xml;
  if (options.signAssertion !== false) signed = signElement(signed, ASSERTION, key, signing);
  if (options.signResponse !== false) signed = signElement(signed, RESPONSE, key, signing);
  return signed;
}

export const toBase64 = (xml: string) => Buffer.from(xml, "utf8").toString("base64");

/** What an AuthnRequest sent by the HTTP-Redirect binding asks, as the IdP reads it. */
export function readAuthnRequest(redirectUrl: string) {
  const url = new URL(redirectUrl);
  const deflated = Buffer.from(url.searchParams.get("SAMLRequest") ?? "", "base64");
  const xml = inflateRawSync(deflated).toString("utf8");
  const request = new DOMParser().parseFromString(xml, "text/xml").documentElement;
  if (!request) throw new Error("the SAMLRequest is not XML");
  const child = (name: string) => request.getElementsByTagNameNS("*", name)[0];
  return {
    xml,
    endpoint: `${url.origin}${url.pathname}`,
    relayState: url.searchParams.get("RelayState"),
    id: request.getAttribute("ID"),
    destination: request.getAttribute("Destination"),
    acsUrl: request.getAttribute("AssertionConsumerServiceURL"),
    forceAuthn: request.getAttribute("ForceAuthn") === "true",
    issuer: child("Issuer")?.textContent ?? null,
    nameIdFormat: child("NameIDPolicy")?.getAttribute("Format") ?? null,
    requestsAuthnContext: child("RequestedAuthnContext") !== undefined,
  };
}

/** A test IdP for one connection: it answers requests as a given person, and forges answers on demand. */
export function createSamlIdp(
  connection: { acsUrl: string; spEntityId: string },
  idpEntityId = "https://idp.test/saml",
) {
  const ssoUrl = `${idpEntityId}/sso`;
  const defaults = (requestId: string | null): AnswerFields => {
    const now = new Date();
    return {
      requestId,
      idpEntityId,
      acsUrl: connection.acsUrl,
      audience: connection.spEntityId,
      nameId: "00u1partner-persistent-7f3a",
      nameIdFormat: PERSISTENT_NAME_ID,
      email: "Avocate@Cabinet-Exemple.ca",
      givenName: "Jeanne",
      familyName: "Tremblay",
      groups: ["precis-admins", "litige"],
      issuedAt: now,
      authnInstant: minutes(now, -1),
      assertionId: `_a${randomUUID()}`,
      responseId: `_r${randomUUID()}`,
      status: "urn:oasis:names:tc:SAML:2.0:status:Success",
      subjectConfirmation: true,
      conditions: true,
      shortAttributeNames: false,
    };
  };
  return {
    idpEntityId,
    ssoUrl,
    /** The unsigned Response to `requestId`, with `changes` applied. */
    unsignedXml: (requestId: string | null, changes: Partial<AnswerFields> = {}) =>
      responseXml({ ...defaults(requestId), ...changes }),
    /** A signed answer, as posted to the ACS (base64). */
    answer(requestId: string | null, changes: Partial<AnswerFields> = {}, signing: SignOptions = {}) {
      return toBase64(signResponse(responseXml({ ...defaults(requestId), ...changes }), signing));
    },
    metadataXml(certificates: SigningKey[] = [signingKey("idp-current")]) {
      const keys = certificates
        .map((key) => {
          const body = key.certificatePem.replace(/-----[^-]+-----|\s+/g, "");
          return `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
        })
        .join("");
      return (
        `<?xml version="1.0" encoding="UTF-8"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="${NS.ds}" entityID="${idpEntityId}">` +
        `<md:IDPSSODescriptor protocolSupportEnumeration="${NS.protocol}">${keys}` +
        `<md:NameIDFormat>${PERSISTENT_NAME_ID}</md:NameIDFormat>` +
        `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}/post"/>` +
        `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>` +
        `</md:IDPSSODescriptor></md:EntityDescriptor>`
      );
    },
  };
}

/* The signature-wrapping forgers. Each starts from a validly double-signed Response: S_R signs Response#R, S_A
 * signs Assertion#A. A' is an evil copy of the assertion (another person), and "resign" re-signs the outer Response
 * with the trusted key after the wrap, to show the assertion's own defence holds when the response's passes. */

const EVIL_NAME_ID = "00u9attacker-persistent";
const EVIL_EMAIL = "associee-principale@cabinet-exemple.ca";

function parse(xml: string): Document {
  return new DOMParser().parseFromString(xml, "text/xml");
}
const serialize = (node: Document | Element) => new XMLSerializer().serializeToString(node);

function directChild(parent: Element, namespace: string, localName: string): Element {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const element = node as Element;
    if (node.nodeType === node.ELEMENT_NODE && element.namespaceURI === namespace && element.localName === localName) {
      return element;
    }
  }
  throw new Error(`no ${localName} in ${parent.localName}`);
}

/** The pieces of a signed Response a forger rearranges. */
function pieces(signedXml: string) {
  const doc = parse(signedXml);
  const response = doc.documentElement as Element;
  const assertion = directChild(response, NS.assertion, "Assertion");
  return {
    doc,
    response,
    responseSignature: directChild(response, NS.ds, "Signature"),
    assertion,
    assertionSignature: directChild(assertion, NS.ds, "Signature"),
  };
}

/** A' : a copy of the assertion about someone else, without its signature unless `keepSignature`. */
function evilAssertion(assertion: Element, options: { id?: string; keepSignature?: boolean } = {}): Element {
  const evil = assertion.cloneNode(true) as Element;
  if (!options.keepSignature) evil.removeChild(directChild(evil, NS.ds, "Signature"));
  if (options.id) evil.setAttribute("ID", options.id);
  const nameId = evil.getElementsByTagNameNS(NS.assertion, "NameID")[0];
  if (nameId) nameId.textContent = EVIL_NAME_ID;
  for (const value of Array.from(evil.getElementsByTagNameNS(NS.assertion, "AttributeValue"))) {
    if (value.textContent?.includes("@")) value.textContent = EVIL_EMAIL;
  }
  return evil;
}

/** The original assertion, without its signature. */
function unsignedCopy(assertion: Element): Element {
  const copy = assertion.cloneNode(true) as Element;
  copy.removeChild(directChild(copy, NS.ds, "Signature"));
  return copy;
}

/** The outer Response signed again by the trusted key, its broken signature removed first. */
function resign(xml: string, key = signingKey("idp-current")) {
  const doc = parse(xml);
  const response = doc.documentElement as Element;
  response.removeChild(directChild(response, NS.ds, "Signature"));
  return signElement(serialize(doc), RESPONSE, key);
}

function xsw1(signedXml: string) {
  const { doc, response, responseSignature, assertion } = pieces(signedXml);
  const forged = response.cloneNode(false) as Element;
  forged.setAttribute("ID", `_r${randomUUID()}`);
  const signature = responseSignature.cloneNode(true) as Element;
  signature.appendChild(response.cloneNode(true));
  forged.appendChild(directChild(response, NS.assertion, "Issuer").cloneNode(true));
  forged.appendChild(signature);
  forged.appendChild(directChild(response, NS.protocol, "Status").cloneNode(true));
  // A' keeps the assertion's signature, now broken, so only the response's signature is in question.
  forged.appendChild(evilAssertion(assertion, { keepSignature: true }));
  doc.replaceChild(forged, response);
  return serialize(doc);
}

function xsw2(signedXml: string) {
  const { doc, response, responseSignature, assertion } = pieces(signedXml);
  const forged = response.cloneNode(false) as Element;
  forged.setAttribute("ID", `_r${randomUUID()}`);
  forged.appendChild(directChild(response, NS.assertion, "Issuer").cloneNode(true));
  forged.appendChild(response.cloneNode(true));
  forged.appendChild(responseSignature.cloneNode(true));
  forged.appendChild(directChild(response, NS.protocol, "Status").cloneNode(true));
  // A' keeps the assertion's signature, now broken, so only the response's signature is in question.
  forged.appendChild(evilAssertion(assertion, { keepSignature: true }));
  doc.replaceChild(forged, response);
  return serialize(doc);
}

function xsw3(signedXml: string) {
  const { doc, response, assertion } = pieces(signedXml);
  response.insertBefore(evilAssertion(assertion, { id: `_a${randomUUID()}` }), assertion);
  return serialize(doc);
}

function xsw4(signedXml: string) {
  const { doc, response, assertion } = pieces(signedXml);
  const evil = evilAssertion(assertion, { id: `_a${randomUUID()}` });
  response.replaceChild(evil, assertion);
  evil.appendChild(assertion);
  return serialize(doc);
}

function xsw5(signedXml: string) {
  const { doc, response, assertion } = pieces(signedXml);
  const original = unsignedCopy(assertion);
  response.replaceChild(evilAssertion(assertion, { keepSignature: true }), assertion);
  response.appendChild(original);
  return serialize(doc);
}

function xsw6(signedXml: string) {
  const { doc, response, assertion } = pieces(signedXml);
  const evil = evilAssertion(assertion, { keepSignature: true });
  directChild(evil, NS.ds, "Signature").appendChild(unsignedCopy(assertion));
  response.replaceChild(evil, assertion);
  return serialize(doc);
}

function xsw7(signedXml: string) {
  const { doc, response, assertion } = pieces(signedXml);
  const extensions = doc.createElementNS(NS.protocol, "samlp:Extensions");
  response.insertBefore(extensions, directChild(response, NS.protocol, "Status"));
  response.replaceChild(evilAssertion(assertion, { id: `_a${randomUUID()}` }), assertion);
  extensions.appendChild(assertion);
  return serialize(doc);
}

function xsw8(signedXml: string) {
  const { doc, response, assertion } = pieces(signedXml);
  const evil = evilAssertion(assertion, { keepSignature: true });
  const object = doc.createElementNS(NS.ds, "ds:Object");
  object.appendChild(unsignedCopy(assertion));
  directChild(evil, NS.ds, "Signature").appendChild(object);
  response.replaceChild(evil, assertion);
  return serialize(doc);
}

/** XSW1 and XSW2 aim at the response's signature, XSW3 to XSW8 at the assertion's. */
export const signatureWrapping = { xsw1, xsw2, xsw3, xsw4, xsw5, xsw6, xsw7, xsw8 } as const;
export type WrappingForm = keyof typeof signatureWrapping;
export const ASSERTION_WRAPPING_FORMS: readonly WrappingForm[] = ["xsw3", "xsw4", "xsw5", "xsw6", "xsw7", "xsw8"];

export const forge = {
  /** The wrapped Response, as an attacker holding one validly signed answer would post it. */
  wrapped: (form: WrappingForm, signedXml: string) => toBase64(signatureWrapping[form](signedXml)),
  /** The wrapped Response with the outer signature made valid again by the trusted key. */
  wrappedAndResigned: (form: WrappingForm, signedXml: string) => toBase64(resign(signatureWrapping[form](signedXml))),
  /** The signed answer with the person changed after signing. */
  tampered: (signedXml: string) => toBase64(signedXml.replace(/00u1partner-persistent-7f3a/g, EVIL_NAME_ID)),
  evilNameId: EVIL_NAME_ID,
};
