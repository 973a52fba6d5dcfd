import { z } from "zod/mini";
import { apiErrorSchema } from "./api.ts";
import { domainNameSchema } from "./firms.ts";
import { operations, withSchemas } from "./operations.ts";
import { nameTextSchema } from "./text-fields.ts";

/*
 * Enterprise sign-in (issue 55): a firm's own identity providers, OpenID Connect or SAML 2.0. Owners and admins add a
 * connection, bind it to the firm's DNS-proven domains, test it with a sign-in of their own, and activate it; every
 * change needs the step-up and is in the firm's trail. A connection goes draft → tested → active, and back to draft
 * when what identifies its provider changes.
 */

export const enterpriseConnectionKinds = ["oidc", "saml"] as const;
export const enterpriseConnectionStatuses = ["draft", "tested", "active"] as const;
export type EnterpriseConnectionStatus = (typeof enterpriseConnectionStatuses)[number];

/** The page the identity provider sends a person back to (OpenID Connect): it hands its address to the finish. */
export const OIDC_CALLBACK_PATH = "/sso/oidc/callback";
/** The SAML service provider's entity id; its assertion consumer service is `<entity id>/acs`. */
export const samlEntityIdOf = (publicUrl: string, connectionId: string) =>
  `${publicUrl}/api/enterprise-sign-in/saml/${connectionId}`;
export const samlAcsUrlOf = (publicUrl: string, connectionId: string) =>
  `${samlEntityIdOf(publicUrl, connectionId)}/acs`;

/** How long a sign-in through a connection may take between its start and the provider's answer. */
export const ENTERPRISE_ATTEMPT_MINUTES = 10;

export const ENTERPRISE_CONNECTION_NAME_MAX_LENGTH = 100;
/** A pasted metadata document: an IdP's is a few kilobytes, a federation's aggregate is refused anyway. */
export const SAML_METADATA_MAX_LENGTH = 1_000_000;
/** Certificates trusted at once: two during a rotation, a few more for a provider that publishes several. */
export const SAML_CERTIFICATES_MAX = 5;

const connectionNameSchema = nameTextSchema(ENTERPRISE_CONNECTION_NAME_MAX_LENGTH).check(
  z.minLength(1, "must not be empty"),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An address Precis may be sent to or fetch from: http(s), at most 2,048 characters. */
const webAddressSchema = z.string().check(
  z.maxLength(2048, "must be at most 2,048 characters"),
  z.refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "must be an https:// address"),
);

const identifierSchema = (max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, "must not be empty"), z.maxLength(max, `must be at most ${max} characters`));

/** An X.509 certificate as PEM, or its base64 body alone (as an identity provider's page shows it). */
const certificateTextSchema = z.string().check(z.minLength(1, "must not be empty"), z.maxLength(20_000, "is too long"));

export const enterpriseConnectionParamsSchema = z.object({
  id: z.string().check(z.regex(UUID, "must be a connection's id")),
});
export const enterpriseConnectionDomainParamsSchema = z.object({
  id: z.string().check(z.regex(UUID, "must be a connection's id")),
  domain: domainNameSchema,
});

/** `POST /api/firm/enterprise/connections/oidc`: the issuer is found by discovery; the secret is never shown again. */
export const addOidcConnectionRequestSchema = z.strictObject({
  name: connectionNameSchema,
  issuer: webAddressSchema,
  clientId: identifierSchema(500),
  clientSecret: identifierSchema(2000),
});
export type AddOidcConnectionRequest = z.input<typeof addOidcConnectionRequestSchema>;

/**
 * `POST /api/firm/enterprise/connections/saml`: the identity provider's metadata pasted, or its entity id, sign-on
 * address (HTTP-Redirect) and signing certificates by hand; one or the other.
 */
export const addSamlConnectionRequestSchema = z.strictObject({
  name: connectionNameSchema,
  metadataXml: z.optional(
    z.string().check(z.maxLength(SAML_METADATA_MAX_LENGTH, "must be at most 1,000,000 characters")),
  ),
  idpEntityId: z.optional(identifierSchema(1024)),
  ssoUrl: z.optional(webAddressSchema),
  certificates: z.optional(
    z
      .array(certificateTextSchema)
      .check(
        z.minLength(1, "must hold at least one certificate"),
        z.maxLength(SAML_CERTIFICATES_MAX, `must hold at most ${SAML_CERTIFICATES_MAX} certificates`),
      ),
  ),
});
export type AddSamlConnectionRequest = z.input<typeof addSamlConnectionRequestSchema>;

/**
 * `PATCH /api/firm/enterprise/connections/{id}`: what is given changes. A new issuer, client, secret, entity id,
 * sign-on address or certificates sends the connection back to draft: it must be tested again.
 */
export const updateEnterpriseConnectionRequestSchema = z.strictObject({
  name: z.optional(connectionNameSchema),
  issuer: z.optional(webAddressSchema),
  clientId: z.optional(identifierSchema(500)),
  clientSecret: z.optional(identifierSchema(2000)),
  metadataXml: addSamlConnectionRequestSchema.shape.metadataXml,
  idpEntityId: addSamlConnectionRequestSchema.shape.idpEntityId,
  ssoUrl: addSamlConnectionRequestSchema.shape.ssoUrl,
  certificates: addSamlConnectionRequestSchema.shape.certificates,
});
export type UpdateEnterpriseConnectionRequest = z.input<typeof updateEnterpriseConnectionRequestSchema>;

export const samlCertificateSchema = z.object({
  fingerprintSha256: z.string(),
  notBefore: z.iso.datetime(),
  notAfter: z.iso.datetime(),
});

/** A connection as its firm's admins see it, with the values its identity provider needs. Never its secret. */
export const enterpriseConnectionSchema = z.object({
  id: z.string(),
  kind: z.enum(enterpriseConnectionKinds),
  name: z.string(),
  status: z.enum(enterpriseConnectionStatuses),
  /** The proven domains it serves; `isActive` once the connection is active and serves it. */
  domains: z.array(z.object({ domain: z.string(), isActive: z.boolean() })),
  createdAt: z.iso.datetime(),
  testedAt: z.nullable(z.iso.datetime()),
  activatedAt: z.nullable(z.iso.datetime()),
  oidc: z.nullable(
    z.object({
      issuer: z.string(),
      clientId: z.string(),
      /** The redirect address to register at the identity provider. */
      redirectUri: z.string(),
    }),
  ),
  saml: z.nullable(
    z.object({
      idpEntityId: z.string(),
      ssoUrl: z.string(),
      certificates: z.array(samlCertificateSchema),
      /** What to give the identity provider: Precis's entity id and assertion consumer service address. */
      spEntityId: z.string(),
      acsUrl: z.string(),
    }),
  ),
});
export type EnterpriseConnection = z.infer<typeof enterpriseConnectionSchema>;

export const enterpriseConnectionsResponseSchema = z.object({ connections: z.array(enterpriseConnectionSchema) });
export type EnterpriseConnectionsResponse = z.infer<typeof enterpriseConnectionsResponseSchema>;

/** `POST …/{id}/test`: where to send the admin's browser, which comes back with the attempt's cookie. */
export const enterpriseTestStartResponseSchema = z.object({ redirectUrl: z.string() });

/** `POST /api/enterprise-sign-in/oidc/finish`: the address the provider sent the browser back to, query included. */
export const finishOidcSignInRequestSchema = z.strictObject({
  callbackUrl: z.string().check(z.maxLength(8192, "must be at most 8,192 characters")),
});

/** What the identity provider sent in a test sign-in, before anything is linked, and whether a sign-in would pass. */
export const enterpriseTestResultSchema = z.object({
  identity: z.object({
    issuer: z.string(),
    subject: z.string(),
    email: z.nullable(z.string()),
    emailVerified: z.nullable(z.boolean()),
    givenName: z.nullable(z.string()),
    familyName: z.nullable(z.string()),
    groups: z.array(z.string()),
    authenticatedAt: z.iso.datetime(),
  }),
  wouldPass: z.boolean(),
  /** Why a sign-in with this identity would be refused; null when it would pass. */
  refusal: z.nullable(z.string()),
  connection: enterpriseConnectionSchema,
});
export type EnterpriseTestResult = z.infer<typeof enterpriseTestResultSchema>;

/** The refusals of every connection operation: no session, not an admin (or the step-up), no firm or connection. */
const connectionRefusals = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;

export const enterpriseSignInOperations = {
  getEnterpriseConnections: withSchemas(operations.getEnterpriseConnections, {
    response: { 200: enterpriseConnectionsResponseSchema, ...connectionRefusals },
  }),
  // 400: an issuer discovery could not use (not https, not answering, not OpenID Connect).
  addOidcEnterpriseConnection: withSchemas(operations.addOidcEnterpriseConnection, {
    body: addOidcConnectionRequestSchema,
    response: { 200: enterpriseConnectionSchema, 400: apiErrorSchema, ...connectionRefusals },
  }),
  // 400: metadata that is not an IdP's, or neither metadata nor the three values by hand.
  addSamlEnterpriseConnection: withSchemas(operations.addSamlEnterpriseConnection, {
    body: addSamlConnectionRequestSchema,
    response: { 200: enterpriseConnectionSchema, 400: apiErrorSchema, ...connectionRefusals },
  }),
  updateEnterpriseConnection: withSchemas(operations.updateEnterpriseConnection, {
    params: enterpriseConnectionParamsSchema,
    body: updateEnterpriseConnectionRequestSchema,
    response: { 200: enterpriseConnectionSchema, 400: apiErrorSchema, ...connectionRefusals },
  }),
  deleteEnterpriseConnection: withSchemas(operations.deleteEnterpriseConnection, {
    params: enterpriseConnectionParamsSchema,
    response: { 200: enterpriseConnectionsResponseSchema, ...connectionRefusals },
  }),
  // 409: a domain DNS has not proven.
  bindEnterpriseConnectionDomain: withSchemas(operations.bindEnterpriseConnectionDomain, {
    params: enterpriseConnectionDomainParamsSchema,
    response: { 200: enterpriseConnectionSchema, ...connectionRefusals, 409: apiErrorSchema },
  }),
  unbindEnterpriseConnectionDomain: withSchemas(operations.unbindEnterpriseConnectionDomain, {
    params: enterpriseConnectionDomainParamsSchema,
    response: { 200: enterpriseConnectionSchema, ...connectionRefusals },
  }),
  /** The service provider's metadata, an XML file; 409 for a connection that is not SAML. */
  getEnterpriseConnectionSamlMetadata: withSchemas(operations.getEnterpriseConnectionSamlMetadata, {
    params: enterpriseConnectionParamsSchema,
    response: { 200: z.string(), ...connectionRefusals, 409: apiErrorSchema },
  }),
  // 409: a SAML connection, whose test is not open yet.
  startEnterpriseConnectionTest: withSchemas(operations.startEnterpriseConnectionTest, {
    params: enterpriseConnectionParamsSchema,
    response: { 200: enterpriseTestStartResponseSchema, ...connectionRefusals, 409: apiErrorSchema },
  }),
  // 409: not tested, no domain, or a domain whose proof lapsed.
  activateEnterpriseConnection: withSchemas(operations.activateEnterpriseConnection, {
    params: enterpriseConnectionParamsSchema,
    response: { 200: enterpriseConnectionSchema, ...connectionRefusals, 409: apiErrorSchema },
  }),
  // 400: an address that is not the callback, an attempt unknown, used or expired, or the provider's answer refused;
  // 403: an attempt another session started, or a tester no longer an admin; 404: the firm or connection gone.
  finishEnterpriseOidcSignIn: withSchemas(operations.finishEnterpriseOidcSignIn, {
    body: finishOidcSignInRequestSchema,
    response: { 200: enterpriseTestResultSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
  }),
};
