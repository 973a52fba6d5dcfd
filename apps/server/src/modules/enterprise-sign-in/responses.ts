import type { ApiError } from "@precis/contract/api";
import { answerFromFacts, apiFailure, type FailureResponses } from "../../lib/operations/failures.ts";
import { firmRefusalAnswers } from "../firms/responses.ts";
import type * as connections from "./connections.ts";
import { ISSUER_TIMEOUT_SECONDS } from "./oidc.ts";
import type * as testSignIn from "./test-sign-in.ts";

/** The words of an answer whose status its entry declares. */
const failureText = (message: string, fields?: ApiError["fields"]) => (fields ? { message, fields } : { message });

const { notInFirm, adminsOnly, noSuchDomain } = firmRefusalAnswers;

const issuerField = (message: string) => [{ path: "body.issuer", message }];
const metadataField = (message: string) => [{ path: "body.metadataXml", message }];

/** How discovery of an OpenID Connect issuer (oidc.ts) is refused. */
const discovery = {
  issuerNotHttps: apiFailure(400, "The issuer must be an https:// address.", issuerField("must be https://")),
  issuerNotTenantSpecific: apiFailure(
    400,
    "Use your own Microsoft Entra tenant's issuer (https://login.microsoftonline.com/<tenant id>/v2.0), not common, organizations or consumers.",
    issuerField("must name your own tenant"),
  ),
  issuerUnanswered: answerFromFacts(400, ({ issuer }: { issuer: string }) =>
    failureText(`${issuer} did not answer within ${ISSUER_TIMEOUT_SECONDS} seconds.`, issuerField("did not answer")),
  ),
  issuerNotPublic: apiFailure(
    400,
    "The issuer's address leads to a private network. Use your identity provider's public address.",
    issuerField("is not a public address"),
  ),
  issuerNotOpenIdConnect: answerFromFacts(400, ({ detail }: { detail: string }) =>
    failureText(
      `This address does not describe an OpenID Connect provider: ${detail}`,
      issuerField("is not an OpenID Connect issuer"),
    ),
  ),
};

/** How SAML metadata (saml-metadata.ts, xml-guard.ts) and values typed by hand are refused. */
const samlValues = {
  tooLarge: apiFailure(400, "The metadata is larger than 1 MB.", metadataField("is too large")),
  notBase64: apiFailure(400, "The metadata is not valid base64.", metadataField("is not base64")),
  notUtf8: apiFailure(400, "The metadata must be UTF-8 text.", metadataField("is not UTF-8")),
  declarationsRefused: apiFailure(
    400,
    "XML with a document type or entity declarations is refused.",
    metadataField("has a document type or entity declarations"),
  ),
  commentsRefused: apiFailure(400, "XML with comments is refused.", metadataField("has comments")),
  notMetadata: answerFromFacts(400, ({ detail }: { detail: string }) =>
    failureText(`This is not an identity provider's SAML metadata: ${detail}.`, metadataField(detail)),
  ),
  samlTwoWays: apiFailure(
    400,
    "Paste the identity provider's metadata, or type its entity id, sign-on address and certificates: not both.",
    metadataField("is given with values typed by hand"),
  ),
  samlIncomplete: apiFailure(
    400,
    "Paste the identity provider's metadata, or give its entity id, sign-on address and signing certificates.",
    [
      { path: "body.idpEntityId", message: "is needed without metadata" },
      { path: "body.ssoUrl", message: "is needed without metadata" },
      { path: "body.certificates", message: "are needed without metadata" },
    ],
  ),
  certificateInvalid: answerFromFacts(400, ({ index }: { index: number }) =>
    failureText("A certificate is not a valid X.509 certificate.", [
      { path: `body.certificates.${index}`, message: "is not a valid X.509 certificate" },
    ]),
  ),
};

/** What each other refusal of the enterprise sign-in operations answers, each once. */
const answers = {
  notInFirm,
  adminsOnly,
  noSuchDomain,
  noSuchConnection: apiFailure(404, "Your firm has no such connection."),
  fieldsOfOtherKind: answerFromFacts(400, ({ kind, fields }: { kind: string; fields: string[] }) =>
    failureText(
      `This is ${kind === "oidc" ? "an OpenID Connect" : "a SAML"} connection: ${fields.join(", ")} cannot be set on it.`,
      fields.map((field) => ({ path: `body.${field}`, message: "belongs to the other kind of connection" })),
    ),
  ),
  // Domains, testing and activation.
  domainNotProvenForSso: answerFromFacts(409, ({ domain }: { domain: string }) =>
    failureText(
      `Prove that ${domain} is your firm's first: publish the DNS record shown under Domains, then choose Check now.`,
      [{ path: "domain", message: "needs the domain's DNS proof" }],
    ),
  ),
  domainNotBound: answerFromFacts(404, ({ domain }: { domain: string }) =>
    failureText(`This connection does not serve ${domain}.`),
  ),
  notSaml: apiFailure(409, "This is an OpenID Connect connection: it has no SAML metadata."),
  samlTestNotOpen: apiFailure(409, "Testing a SAML connection is not open yet."),
  notTested: apiFailure(
    409,
    "Test this connection first: an administrator must complete a test sign-in through it before it is activated.",
  ),
  noDomains: apiFailure(409, "Add at least one of your firm's proven domains to this connection first."),
  // The provider's answer to a test (test-sign-in.ts).
  notTheCallback: apiFailure(400, "This is not the address your identity provider sends people back to.", [
    { path: "body.callbackUrl", message: "is not Precis's redirect address" },
  ]),
  unknownAttempt: apiFailure(400, "This sign-in has expired or was already used. Start again.", [
    { path: "body.callbackUrl", message: "belongs to no sign-in open in this browser" },
  ]),
  notYourAttempt: apiFailure(403, "This test sign-in was started in another session. Start it again here."),
  providerRefused: answerFromFacts(400, ({ error }: { error: string }) =>
    failureText(`The identity provider refused the sign-in (${error}).`),
  ),
  answerRefused: answerFromFacts(400, ({ detail }: { detail: string }) =>
    failureText(`The identity provider's answer was refused: ${detail}`),
  ),
};

type Services = typeof connections & typeof testSignIn;

/** Every refusal kind these tables answer. */
type RefusalKind = keyof typeof answers | keyof typeof discovery | keyof typeof samlValues;

type RefusalsOf<Service> = Service extends (...args: never[]) => Promise<infer Result extends { outcome: string }>
  ? Extract<Result["outcome"], RefusalKind>
  : never;

const {
  noSuchConnection,
  fieldsOfOtherKind,
  domainNotProvenForSso,
  domainNotBound,
  notSaml,
  samlTestNotOpen,
  notTested,
  noDomains,
  notTheCallback,
  unknownAttempt,
  notYourAttempt,
  providerRefused,
  answerRefused,
} = answers;

/**
 * Each route's failures, under its service's name: exactly the refusals the service can return, so the route's
 * OpenAPI entry declares the statuses it answers and no other.
 */
export const enterpriseFailures = {
  listConnections: { notInFirm, adminsOnly },
  addOidcConnection: { notInFirm, adminsOnly, ...discovery },
  addSamlConnection: { notInFirm, adminsOnly, ...samlValues },
  updateConnection: { notInFirm, adminsOnly, noSuchConnection, fieldsOfOtherKind, ...discovery, ...samlValues },
  deleteConnection: { notInFirm, adminsOnly, noSuchConnection },
  bindDomain: { notInFirm, adminsOnly, noSuchConnection, noSuchDomain, domainNotProvenForSso },
  unbindDomain: { notInFirm, adminsOnly, noSuchConnection, domainNotBound },
  samlMetadataOf: { notInFirm, adminsOnly, noSuchConnection, notSaml },
  activateConnection: { notInFirm, adminsOnly, noSuchConnection, notTested, noDomains, domainNotProvenForSso },
  startConnectionTest: { notInFirm, adminsOnly, noSuchConnection, samlTestNotOpen },
  finishOidcSignIn: {
    notInFirm,
    adminsOnly,
    noSuchConnection,
    notTheCallback,
    unknownAttempt,
    notYourAttempt,
    providerRefused,
    answerRefused,
    issuerUnanswered: discovery.issuerUnanswered,
  },
} satisfies { readonly [Name in keyof Services]?: FailureResponses<RefusalsOf<Services[Name]>> };
