import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { firmDomains, firms } from "./firms.ts";
import { sessions } from "./sessions.ts";
import { users } from "./users.ts";

/*
 * Enterprise sign-in (issue 55): a firm's own identity providers. A connection is OpenID Connect or SAML 2.0, is
 * bound to some of the firm's DNS-proven domains, and goes draft → tested → active: only an admin's completed test
 * sign-in makes it tested, and only a tested connection is activated. Everything a sign-in needs between its start
 * and its finish is in these rows (decision 030), so any instance finishes a sign-in another began.
 */

export const ENTERPRISE_CONNECTION_KINDS = ["oidc", "saml"] as const;
export const ENTERPRISE_CONNECTION_STATUSES = ["draft", "tested", "active"] as const;
export const ENTERPRISE_ATTEMPT_PURPOSES = ["signIn", "register", "test", "stepUp"] as const;

const connectionRef = () =>
  bigint("connection_id", { mode: "number" })
    .notNull()
    .references(() => enterpriseConnections.id, { onDelete: "cascade" });

const userSetNull = (name: string) =>
  bigint(name, { mode: "number" }).references(() => users.id, { onDelete: "set null" });

export const enterpriseConnections = pgTable(
  "enterprise_connections",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** What URLs and the SAML entity id name: never the sequential id, which would count a firm's connections. */
    publicId: uuid("public_id").notNull().defaultRandom(),
    firmId: bigint("firm_id", { mode: "number" })
      .notNull()
      .references(() => firms.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ENTERPRISE_CONNECTION_KINDS }).notNull(),
    name: text("name").notNull(),
    status: text("status", { enum: ENTERPRISE_CONNECTION_STATUSES }).notNull().default("draft"),
    testedAt: timestamp("tested_at", { withTimezone: true }),
    testedByUserId: userSetNull("tested_by_user_id"),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    // OpenID Connect: the issuer as discovered, the client, and its secret sealed (lib/secret-box.ts) for this row.
    oidcIssuer: text("oidc_issuer"),
    oidcClientId: text("oidc_client_id"),
    oidcClientSecretCiphertext: text("oidc_client_secret_ciphertext"),
    /** The provider's metadata as discovery found it: each step builds its configuration from it. */
    oidcMetadata: jsonb("oidc_metadata").$type<Record<string, unknown>>(),
    oidcMetadataFetchedAt: timestamp("oidc_metadata_fetched_at", { withTimezone: true }),
    /** The provider's signing keys as last fetched, handed back to the next grant. */
    oidcJwksCache: jsonb("oidc_jwks_cache").$type<Record<string, unknown>>(),
    // SAML: the identity provider's entity id and its sign-on address (HTTP-Redirect); its certificates below.
    samlIdpEntityId: text("saml_idp_entity_id"),
    samlSsoUrl: text("saml_sso_url"),
    createdByUserId: userSetNull("created_by_user_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("enterprise_connections_public_id_key").on(table.publicId),
    index("enterprise_connections_firm_id_idx").on(table.firmId),
    check("enterprise_connections_kind_known", sql`${table.kind} in ('oidc', 'saml')`),
    check("enterprise_connections_status_known", sql`${table.status} in ('draft', 'tested', 'active')`),
    check(
      "enterprise_connections_oidc_complete",
      sql`${table.kind} <> 'oidc' or (${table.oidcIssuer} is not null and ${table.oidcClientId} is not null and ${table.oidcClientSecretCiphertext} is not null and ${table.oidcMetadata} is not null)`,
    ),
    check(
      "enterprise_connections_saml_complete",
      sql`${table.kind} <> 'saml' or (${table.samlIdpEntityId} is not null and ${table.samlSsoUrl} is not null)`,
    ),
  ],
);

/**
 * Which of the firm's proven domains a connection serves. `isActive` copies the connection being active, set in the
 * activating transaction: a domain is served by one active connection at most, whatever races.
 */
export const enterpriseConnectionDomains = pgTable(
  "enterprise_connection_domains",
  {
    connectionId: connectionRef(),
    domain: text("domain")
      .notNull()
      .references(() => firmDomains.domain, { onDelete: "cascade" }),
    isActive: boolean("is_active").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.domain] }),
    uniqueIndex("enterprise_connection_domains_active_domain_key").on(table.domain).where(sql`${table.isActive}`),
  ],
);

/** The certificates a SAML connection trusts, several at once so the identity provider rotates without an outage. */
export const enterpriseSamlCertificates = pgTable(
  "enterprise_saml_certificates",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    connectionId: connectionRef(),
    pem: text("pem").notNull(),
    fingerprintSha256: text("fingerprint_sha256").notNull(),
    notBefore: timestamp("not_before", { withTimezone: true }).notNull(),
    notAfter: timestamp("not_after", { withTimezone: true }).notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    addedByUserId: userSetNull("added_by_user_id"),
  },
  (table) => [
    uniqueIndex("enterprise_saml_certificates_fingerprint_key").on(table.connectionId, table.fingerprintSha256),
  ],
);

/**
 * One sign-in through a connection, from its start to the provider's answer: good for 10 minutes, used once, and
 * bound to the browser that started it (`bindingHash`, the SHA-256 of its cookie's secret). The OpenID Connect
 * `state` is kept only as SHA-256 (the answer brings it back and finds the row by it); the nonce and the PKCE
 * verifier, which the grant needs as they were, are sealed for this row.
 */
export const enterpriseSignInAttempts = pgTable(
  "enterprise_sign_in_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    connectionId: connectionRef(),
    purpose: text("purpose", { enum: ENTERPRISE_ATTEMPT_PURPOSES }).notNull(),
    bindingHash: text("binding_hash").notNull(),
    /** The session that started it, for an admin's test (and later a step-up): only it may finish. */
    sessionId: bigint("session_id", { mode: "number" }).references(() => sessions.id, { onDelete: "cascade" }),
    oidcStateHash: text("oidc_state_hash"),
    oidcSecretsCiphertext: text("oidc_secrets_ciphertext"),
    /** The `max_age` sent, which the ID token's `auth_time` is held to. */
    oidcMaxAge: integer("oidc_max_age"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set once, by the one request that consumed the attempt (a conditional update). */
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** `verified`, or `refused:<reason>`. */
    outcome: text("outcome"),
    /** A test's: what the identity provider sent, and whether a sign-in would pass. */
    result: jsonb("result").$type<Record<string, unknown>>(),
  },
  (table) => [
    uniqueIndex("enterprise_sign_in_attempts_oidc_state_hash_key").on(table.oidcStateHash),
    index("enterprise_sign_in_attempts_connection_id_idx").on(table.connectionId),
    index("enterprise_sign_in_attempts_expires_at_idx").on(table.expiresAt),
    check(
      "enterprise_sign_in_attempts_purpose_known",
      sql`${table.purpose} in ('signIn', 'register', 'test', 'stepUp')`,
    ),
  ],
);
