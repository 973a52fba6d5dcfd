import { randomUUID, X509Certificate } from "node:crypto";
import {
  type AddOidcConnectionRequest,
  type AddSamlConnectionRequest,
  type EnterpriseConnection,
  OIDC_CALLBACK_PATH,
  samlAcsUrlOf,
  samlEntityIdOf,
  type UpdateEnterpriseConnectionRequest,
} from "@precis/contract/enterprise-sign-in";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type * as oidc from "openid-client";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import {
  enterpriseConnectionDomains,
  enterpriseConnections,
  enterpriseSamlCertificates,
  enterpriseSignInAttempts,
  firmDomains,
} from "../../db/schema/index.ts";
import { openSecret, sealSecret } from "../../lib/secret-box.ts";
import { type CallerFirm, type FirmContext, findAdminFirmId, inCallerFirm } from "../firms/caller-firm.ts";
import { discoverProvider, type OidcEnvironment, type OidcProvider } from "./oidc.ts";
import { serviceProviderMetadata } from "./saml.ts";
import { type IdpSigningCertificate, parseIdpMetadata } from "./saml-metadata.ts";
import { certificatePem } from "./saml-xml.ts";

/*
 * A firm's connections to its identity providers, as its owners and admins manage them: add (an OpenID Connect
 * issuer found by discovery, or a SAML provider's metadata or values by hand), change, remove, bind to the firm's
 * proven domains, and activate once tested. Each change runs with the firm's row locked (caller-firm.ts) and is in
 * the firm's trail in the same transaction. What reaches the provider over the network (discovery) runs before the
 * lock, after the caller's role was checked, so a member never makes the server fetch an address.
 */

export type ConnectionRow = typeof enterpriseConnections.$inferSelect;

/** What the connection operations need beyond a firm's: where the provider is reached from. */
export interface ConnectionContext extends FirmContext {
  readonly oidcEnvironment: OidcEnvironment;
}

export const oidcEnvironmentOf = (config: AppConfig): OidcEnvironment => ({ isProduction: config.isProduction });

/** The authenticated data a client secret is sealed for: its own connection's row, so a copy opens nowhere else. */
const clientSecretContext = (publicId: string) => `enterprise-connection:${publicId}:client-secret`;

export const oidcRedirectUriOf = (config: Pick<AppConfig, "publicUrl">) => `${config.publicUrl}${OIDC_CALLBACK_PATH}`;

/** A connection's provider as oidc.ts speaks to it, its secret opened. */
export function oidcProviderOf(config: AppConfig, row: ConnectionRow): OidcProvider {
  if (row.kind !== "oidc" || !row.oidcMetadata || !row.oidcClientId || !row.oidcClientSecretCiphertext) {
    throw new Error(`connection ${row.id} is not a complete OpenID Connect connection`);
  }
  return {
    metadata: row.oidcMetadata as unknown as oidc.ServerMetadata,
    clientId: row.oidcClientId,
    clientSecret: openSecret(
      config.enterpriseSecretKeys,
      row.oidcClientSecretCiphertext,
      clientSecretContext(row.publicId),
    ),
    ...(row.oidcJwksCache ? { jwksCache: row.oidcJwksCache as unknown as oidc.ExportedJWKSCache } : {}),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The connections as their admins see them, with their domains, certificates and the values the provider needs. */
async function viewsOf(tx: AppDatabase, config: AppConfig, rows: ConnectionRow[]): Promise<EnterpriseConnection[]> {
  const ids = rows.map((row) => row.id);
  const [domains, certificates] = ids.length
    ? await Promise.all([
        tx
          .select()
          .from(enterpriseConnectionDomains)
          .where(inArray(enterpriseConnectionDomains.connectionId, ids))
          .orderBy(asc(enterpriseConnectionDomains.domain)),
        tx
          .select()
          .from(enterpriseSamlCertificates)
          .where(inArray(enterpriseSamlCertificates.connectionId, ids))
          .orderBy(asc(enterpriseSamlCertificates.notAfter)),
      ])
    : [[], []];
  return rows.map((row) => ({
    id: row.publicId,
    kind: row.kind,
    name: row.name,
    status: row.status,
    domains: domains
      .filter((binding) => binding.connectionId === row.id)
      .map(({ domain, isActive }) => ({ domain, isActive })),
    createdAt: row.createdAt.toISOString(),
    testedAt: iso(row.testedAt),
    activatedAt: iso(row.activatedAt),
    oidc:
      row.kind === "oidc"
        ? { issuer: row.oidcIssuer ?? "", clientId: row.oidcClientId ?? "", redirectUri: oidcRedirectUriOf(config) }
        : null,
    saml:
      row.kind === "saml"
        ? {
            idpEntityId: row.samlIdpEntityId ?? "",
            ssoUrl: row.samlSsoUrl ?? "",
            certificates: certificates
              .filter((certificate) => certificate.connectionId === row.id)
              .map((certificate) => ({
                fingerprintSha256: certificate.fingerprintSha256,
                notBefore: certificate.notBefore.toISOString(),
                notAfter: certificate.notAfter.toISOString(),
              })),
            spEntityId: samlEntityIdOf(config.publicUrl, row.publicId),
            acsUrl: samlAcsUrlOf(config.publicUrl, row.publicId),
          }
        : null,
  }));
}

export async function connectionViewOf(tx: AppDatabase, config: AppConfig, row: ConnectionRow) {
  const [view] = await viewsOf(tx, config, [row]);
  if (!view) throw new Error(`no view of connection ${row.id}`);
  return view;
}

const noSuchConnection = { outcome: "noSuchConnection" } as const;

/** The firm's connection by its public id, locked for the change when `forUpdate`. */
async function findConnection(tx: AppDatabase, firmId: number, publicId: string, { forUpdate = true } = {}) {
  const query = tx
    .select()
    .from(enterpriseConnections)
    .where(and(eq(enterpriseConnections.firmId, firmId), eq(enterpriseConnections.publicId, publicId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/** How the trail names a connection: its name and its id, which stays when the name changes. */
const named = (row: Pick<ConnectionRow, "publicId" | "name" | "kind">) => ({
  connection: row.publicId,
  name: row.name,
  kind: row.kind,
});

/** `GET /api/firm/enterprise/connections` (owners and admins). */
export function listConnections(context: FirmContext) {
  return inCallerFirm(context, { needs: "admin", isReadOnly: true, commits: ["listed"] }, async ({ tx, firm }) => {
    const rows = await tx
      .select()
      .from(enterpriseConnections)
      .where(eq(enterpriseConnections.firmId, firm.id))
      .orderBy(asc(enterpriseConnections.createdAt), asc(enterpriseConnections.id));
    return { outcome: "listed" as const, connections: await viewsOf(tx, context.config, rows) };
  });
}

type DiscoveryRefusal = Exclude<Awaited<ReturnType<typeof discoverProvider>>, { outcome: "discovered" }>;

/** The provider's metadata, found by discovery after the caller was found to be an admin, or why not. */
async function discoverAsAdmin(
  context: ConnectionContext,
  issuer: string,
  client: { clientId: string; clientSecret: string },
) {
  const admin = await findAdminFirmId(context);
  if (admin.outcome !== "found") return admin;
  const discovered = await discoverProvider(issuer, client, context.oidcEnvironment);
  return discovered.outcome === "discovered"
    ? discovered
    : ({ ...discovered, issuer } as DiscoveryRefusal & { readonly issuer: string });
}

/**
 * `POST /api/firm/enterprise/connections/oidc`: a draft connection to the issuer discovery found, its client secret
 * sealed for the row and never shown again.
 */
export async function addOidcConnection(context: ConnectionContext, request: AddOidcConnectionRequest) {
  const discovered = await discoverAsAdmin(context, request.issuer, request);
  if (discovered.outcome !== "discovered") return discovered;
  return inCallerFirm(context, { needs: "admin", commits: ["added"] }, async (caller) => {
    const publicId = randomUUID();
    const [row] = await caller.tx
      .insert(enterpriseConnections)
      .values({
        publicId,
        firmId: caller.firm.id,
        kind: "oidc",
        name: request.name,
        // The issuer as the provider names itself: what its ID tokens carry and what a person's key holds.
        oidcIssuer: discovered.metadata.issuer,
        oidcClientId: request.clientId,
        oidcClientSecretCiphertext: sealSecret(
          context.config.enterpriseSecretKeys,
          request.clientSecret,
          clientSecretContext(publicId),
        ),
        oidcMetadata: { ...discovered.metadata },
        oidcMetadataFetchedAt: context.now,
        createdByUserId: context.userId,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .returning();
    if (!row) throw new Error("the connection was not inserted");
    await caller.record("enterprise_connection_added", { ...named(row), issuer: discovered.metadata.issuer });
    return { outcome: "added" as const, connection: await connectionViewOf(caller.tx, context.config, row) };
  });
}

type SamlValues = { entityId: string; ssoUrl: string; certificates: readonly IdpSigningCertificate[] };

/** A certificate as an admin pasted it (PEM, or its base64 body alone), read; null when it is not one. */
function readCertificate(text: string): IdpSigningCertificate | null {
  const pem = text.includes("-----BEGIN CERTIFICATE-----") ? text.trim() : certificatePem(text);
  try {
    const certificate = new X509Certificate(pem);
    return {
      pem: certificate.toString(),
      fingerprint256: certificate.fingerprint256,
      notBefore: new Date(certificate.validFrom),
      notAfter: new Date(certificate.validTo),
    };
  } catch {
    return null;
  }
}

/** The SAML values of a request, from its metadata or from the values typed, or why they cannot be read. */
function samlValuesOf(request: Partial<Omit<AddSamlConnectionRequest, "name">>, current?: SamlValues) {
  const typed = request.idpEntityId !== undefined || request.ssoUrl !== undefined || request.certificates !== undefined;
  if (request.metadataXml !== undefined) {
    if (typed) return { outcome: "samlTwoWays" } as const;
    const parsed = parseIdpMetadata(request.metadataXml);
    if (parsed.outcome !== "parsed") return parsed;
    const { entityId, ssoUrl, signingCertificates } = parsed.metadata;
    return { outcome: "read" as const, values: { entityId, ssoUrl, certificates: signingCertificates } };
  }
  const entityId = request.idpEntityId ?? current?.entityId;
  const ssoUrl = request.ssoUrl ?? current?.ssoUrl;
  let certificates = current?.certificates;
  if (request.certificates !== undefined) {
    const read = request.certificates.map(readCertificate);
    const invalid = read.indexOf(null);
    if (invalid !== -1) return { outcome: "certificateInvalid", index: invalid } as const;
    certificates = read as IdpSigningCertificate[];
  }
  if (!entityId || !ssoUrl || !certificates?.length) return { outcome: "samlIncomplete" } as const;
  return { outcome: "read" as const, values: { entityId, ssoUrl, certificates } };
}

/** Trusts exactly `certificates` for the connection, each once (a provider's metadata may list one twice). */
async function replaceCertificates(caller: CallerFirm, connectionId: number, values: SamlValues, context: FirmContext) {
  await caller.tx.delete(enterpriseSamlCertificates).where(eq(enterpriseSamlCertificates.connectionId, connectionId));
  const unique = [
    ...new Map(values.certificates.map((certificate) => [certificate.fingerprint256, certificate])).values(),
  ];
  await caller.tx.insert(enterpriseSamlCertificates).values(
    unique.map((certificate) => ({
      connectionId,
      pem: certificate.pem,
      fingerprintSha256: certificate.fingerprint256,
      notBefore: certificate.notBefore,
      notAfter: certificate.notAfter,
      addedAt: context.now,
      addedByUserId: context.userId,
    })),
  );
}

/** `POST /api/firm/enterprise/connections/saml`: a draft connection from the provider's metadata or typed values. */
export function addSamlConnection(context: FirmContext, request: AddSamlConnectionRequest) {
  return inCallerFirm(context, { needs: "admin", commits: ["added"] }, async (caller) => {
    const read = samlValuesOf(request);
    if (read.outcome !== "read") return read;
    const [row] = await caller.tx
      .insert(enterpriseConnections)
      .values({
        firmId: caller.firm.id,
        kind: "saml",
        name: request.name,
        samlIdpEntityId: read.values.entityId,
        samlSsoUrl: read.values.ssoUrl,
        createdByUserId: context.userId,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .returning();
    if (!row) throw new Error("the connection was not inserted");
    await replaceCertificates(caller, row.id, read.values, context);
    await caller.record("enterprise_connection_added", { ...named(row), idpEntityId: read.values.entityId });
    return { outcome: "added" as const, connection: await connectionViewOf(caller.tx, context.config, row) };
  });
}

const OIDC_FIELDS = ["issuer", "clientId", "clientSecret"] as const;
const SAML_FIELDS = ["metadataXml", "idpEntityId", "ssoUrl", "certificates"] as const;

/**
 * Back to draft: what identified the provider changed, so the test that made it tested says nothing of it now.
 * Its domains stop being served, and the sign-ins begun under the old values can no longer finish.
 */
async function returnToDraft(tx: AppDatabase, row: ConnectionRow) {
  await tx
    .update(enterpriseConnectionDomains)
    .set({ isActive: false })
    .where(eq(enterpriseConnectionDomains.connectionId, row.id));
  await tx.delete(enterpriseSignInAttempts).where(eq(enterpriseSignInAttempts.connectionId, row.id));
  return { status: "draft" as const, testedAt: null, testedByUserId: null, activatedAt: null };
}

/**
 * `PATCH /api/firm/enterprise/connections/{id}`: the name, or the provider's values of the connection's own kind. A
 * new issuer is discovered first (before the lock, as adding does). Any change but the name sends it back to draft.
 */
export async function updateConnection(
  context: ConnectionContext,
  publicId: string,
  request: UpdateEnterpriseConnectionRequest,
) {
  const given = Object.keys(request).filter(
    (field) => request[field as keyof UpdateEnterpriseConnectionRequest] !== undefined,
  );
  // What kind it is, read first: an OpenID Connect issuer must be discovered before the firm is locked.
  const admin = await findAdminFirmId(context);
  if (admin.outcome !== "found") return admin;
  const current = await findConnection(context.db, admin.firmId, publicId, { forUpdate: false });
  if (!current) return noSuchConnection;
  const foreign = given.filter((field) =>
    (current.kind === "oidc" ? SAML_FIELDS : OIDC_FIELDS).some((other) => other === field),
  );
  if (foreign.length > 0) return { outcome: "fieldsOfOtherKind" as const, kind: current.kind, fields: foreign };
  let metadata: oidc.ServerMetadata | undefined;
  if (request.issuer !== undefined && request.issuer !== current.oidcIssuer) {
    const client = {
      clientId: request.clientId ?? current.oidcClientId ?? "",
      clientSecret: request.clientSecret ?? oidcProviderOf(context.config, current).clientSecret,
    };
    const discovered = await discoverAsAdmin(context, request.issuer, client);
    if (discovered.outcome !== "discovered") return discovered;
    metadata = discovered.metadata;
  }
  return inCallerFirm(context, { needs: "admin", commits: ["updated"] }, async (caller) => {
    const row = await findConnection(caller.tx, caller.firm.id, publicId);
    // Gone, or replaced by another kind, while the issuer was being discovered.
    if (!row || row.kind !== current.kind) return noSuchConnection;
    const changes: Partial<typeof enterpriseConnections.$inferInsert> = { updatedAt: context.now };
    const changed: string[] = [];
    if (request.name !== undefined && request.name !== row.name) {
      changes.name = request.name;
      changed.push("name");
    }
    if (row.kind === "oidc") {
      if (metadata && metadata.issuer !== row.oidcIssuer) {
        Object.assign(changes, { oidcIssuer: metadata.issuer, oidcMetadata: { ...metadata }, oidcJwksCache: null });
        changes.oidcMetadataFetchedAt = context.now;
        changed.push("issuer");
      }
      if (request.clientId !== undefined && request.clientId !== row.oidcClientId) {
        changes.oidcClientId = request.clientId;
        changed.push("clientId");
      }
      if (request.clientSecret !== undefined) {
        changes.oidcClientSecretCiphertext = sealSecret(
          context.config.enterpriseSecretKeys,
          request.clientSecret,
          clientSecretContext(row.publicId),
        );
        changed.push("clientSecret");
      }
    } else if (SAML_FIELDS.some((field) => request[field] !== undefined)) {
      const certificates = await caller.tx
        .select()
        .from(enterpriseSamlCertificates)
        .where(eq(enterpriseSamlCertificates.connectionId, row.id));
      const known: SamlValues = {
        entityId: row.samlIdpEntityId ?? "",
        ssoUrl: row.samlSsoUrl ?? "",
        certificates: certificates.map((certificate) => ({
          pem: certificate.pem,
          fingerprint256: certificate.fingerprintSha256,
          notBefore: certificate.notBefore,
          notAfter: certificate.notAfter,
        })),
      };
      const read = samlValuesOf(request, known);
      if (read.outcome !== "read") return read;
      const fingerprints = (values: SamlValues) =>
        values.certificates
          .map((certificate) => certificate.fingerprint256)
          .sort()
          .join();
      if (read.values.entityId !== known.entityId) changed.push("idpEntityId");
      if (read.values.ssoUrl !== known.ssoUrl) changed.push("ssoUrl");
      if (fingerprints(read.values) !== fingerprints(known)) {
        changed.push("certificates");
        await replaceCertificates(caller, row.id, read.values, context);
      }
      Object.assign(changes, { samlIdpEntityId: read.values.entityId, samlSsoUrl: read.values.ssoUrl });
    }
    const isBackToDraft = changed.some((field) => field !== "name") && row.status !== "draft";
    if (changed.some((field) => field !== "name")) Object.assign(changes, await returnToDraft(caller.tx, row));
    const [updated] = await caller.tx
      .update(enterpriseConnections)
      .set(changes)
      .where(eq(enterpriseConnections.id, row.id))
      .returning();
    if (!updated) throw new Error(`connection ${row.id} vanished under its lock`);
    if (changed.length > 0) {
      await caller.record("enterprise_connection_changed", {
        ...named(updated),
        changed: changed.join(","),
        backToDraft: isBackToDraft,
      });
    }
    return { outcome: "updated" as const, connection: await connectionViewOf(caller.tx, context.config, updated) };
  });
}

/** `DELETE /api/firm/enterprise/connections/{id}`: the connection, its bindings, certificates and attempts. */
export function deleteConnection(context: FirmContext, publicId: string) {
  return inCallerFirm(context, { needs: "admin", commits: ["deleted"] }, async (caller) => {
    const row = await findConnection(caller.tx, caller.firm.id, publicId);
    if (!row) return noSuchConnection;
    await caller.tx.delete(enterpriseConnections).where(eq(enterpriseConnections.id, row.id));
    await caller.record("enterprise_connection_removed", { ...named(row), status: row.status });
    const rows = await caller.tx
      .select()
      .from(enterpriseConnections)
      .where(eq(enterpriseConnections.firmId, caller.firm.id))
      .orderBy(asc(enterpriseConnections.createdAt), asc(enterpriseConnections.id));
    return { outcome: "deleted" as const, connections: await viewsOf(caller.tx, context.config, rows) };
  });
}

/**
 * The firm's other connections give up `domains`: one active connection serves a domain at most. Their names, for
 * the trail.
 */
async function takeDomains(tx: AppDatabase, connectionId: number, domains: string[]) {
  if (domains.length === 0) return [];
  const taken = await tx
    .delete(enterpriseConnectionDomains)
    .where(
      and(
        inArray(enterpriseConnectionDomains.domain, domains),
        ne(enterpriseConnectionDomains.connectionId, connectionId),
        eq(enterpriseConnectionDomains.isActive, true),
      ),
    )
    .returning({ connectionId: enterpriseConnectionDomains.connectionId, domain: enterpriseConnectionDomains.domain });
  if (taken.length === 0) return [];
  const from = await tx
    .select({ id: enterpriseConnections.id, publicId: enterpriseConnections.publicId })
    .from(enterpriseConnections)
    .where(
      inArray(
        enterpriseConnections.id,
        taken.map((binding) => binding.connectionId),
      ),
    );
  return taken.map((binding) => ({
    domain: binding.domain,
    from: from.find((connection) => connection.id === binding.connectionId)?.publicId ?? "",
  }));
}

/** The firm's domain, when DNS proved it; or why it cannot be bound. */
async function provenDomainOf(tx: AppDatabase, firmId: number, domain: string) {
  const [row] = await tx
    .select({ provenAt: firmDomains.provenAt })
    .from(firmDomains)
    .where(and(eq(firmDomains.firmId, firmId), eq(firmDomains.domain, domain)));
  if (!row) return { outcome: "noSuchDomain" } as const;
  if (!row.provenAt) return { outcome: "domainNotProvenForSso", domain } as const;
  return { outcome: "proven" } as const;
}

/**
 * `PUT /api/firm/enterprise/connections/{id}/domains/{domain}`: the connection serves one more of the firm's
 * domains, which DNS must have proven. An active connection serves it at once, taking it from any other.
 */
export function bindDomain(context: FirmContext, publicId: string, domain: string) {
  return inCallerFirm(context, { needs: "admin", commits: ["bound"] }, async (caller) => {
    const row = await findConnection(caller.tx, caller.firm.id, publicId);
    if (!row) return noSuchConnection;
    const proof = await provenDomainOf(caller.tx, caller.firm.id, domain);
    if (proof.outcome !== "proven") return proof;
    const isActive = row.status === "active";
    const taken = isActive ? await takeDomains(caller.tx, row.id, [domain]) : [];
    const inserted = await caller.tx
      .insert(enterpriseConnectionDomains)
      .values({ connectionId: row.id, domain, isActive })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0) {
      await caller.record("enterprise_connection_domain_bound", {
        ...named(row),
        domain,
        takenFrom: taken[0]?.from ?? null,
      });
    }
    return { outcome: "bound" as const, connection: await connectionViewOf(caller.tx, context.config, row) };
  });
}

/** `DELETE /api/firm/enterprise/connections/{id}/domains/{domain}`: the connection no longer serves the domain. */
export function unbindDomain(context: FirmContext, publicId: string, domain: string) {
  return inCallerFirm(context, { needs: "admin", commits: ["unbound"] }, async (caller) => {
    const row = await findConnection(caller.tx, caller.firm.id, publicId);
    if (!row) return noSuchConnection;
    const removed = await caller.tx
      .delete(enterpriseConnectionDomains)
      .where(and(eq(enterpriseConnectionDomains.connectionId, row.id), eq(enterpriseConnectionDomains.domain, domain)))
      .returning();
    if (removed.length === 0) return { outcome: "domainNotBound" as const, domain };
    await caller.record("enterprise_connection_domain_unbound", { ...named(row), domain });
    return { outcome: "unbound" as const, connection: await connectionViewOf(caller.tx, context.config, row) };
  });
}

/** `GET …/{id}/saml-metadata`: Precis's service-provider metadata for a SAML connection, to give its provider. */
export function samlMetadataOf(context: FirmContext, publicId: string) {
  return inCallerFirm(context, { needs: "admin", isReadOnly: true, commits: ["found"] }, async ({ tx, firm }) => {
    const row = await findConnection(tx, firm.id, publicId, { forUpdate: false });
    if (!row) return noSuchConnection;
    if (row.kind !== "saml") return { outcome: "notSaml" as const };
    const xml = serviceProviderMetadata({
      idpEntityId: row.samlIdpEntityId ?? "",
      ssoUrl: row.samlSsoUrl ?? "",
      trustedCertificates: [],
      spEntityId: samlEntityIdOf(context.config.publicUrl, row.publicId),
      acsUrl: samlAcsUrlOf(context.config.publicUrl, row.publicId),
    });
    return { outcome: "found" as const, xml, connectionId: row.publicId };
  });
}

/**
 * `POST …/{id}/activate`: a tested connection serves its domains from now on, each taken from any other active
 * connection of the firm, in this one transaction. Every domain must still be proven.
 */
export function activateConnection(context: FirmContext, publicId: string) {
  return inCallerFirm(context, { needs: "admin", commits: ["activated"] }, async (caller) => {
    const row = await findConnection(caller.tx, caller.firm.id, publicId);
    if (!row) return noSuchConnection;
    if (row.status === "draft") return { outcome: "notTested" as const };
    const bindings = await caller.tx
      .select({ domain: enterpriseConnectionDomains.domain, provenAt: firmDomains.provenAt })
      .from(enterpriseConnectionDomains)
      .innerJoin(firmDomains, eq(firmDomains.domain, enterpriseConnectionDomains.domain))
      .where(eq(enterpriseConnectionDomains.connectionId, row.id));
    if (bindings.length === 0) return { outcome: "noDomains" as const };
    const lapsed = bindings.find((binding) => !binding.provenAt);
    if (lapsed) return { outcome: "domainNotProvenForSso" as const, domain: lapsed.domain };
    const taken = await takeDomains(
      caller.tx,
      row.id,
      bindings.map((binding) => binding.domain),
    );
    await caller.tx
      .update(enterpriseConnectionDomains)
      .set({ isActive: true })
      .where(eq(enterpriseConnectionDomains.connectionId, row.id));
    const [activated] = await caller.tx
      .update(enterpriseConnections)
      .set({ status: "active", activatedAt: row.activatedAt ?? context.now, updatedAt: context.now })
      .where(eq(enterpriseConnections.id, row.id))
      .returning();
    if (!activated) throw new Error(`connection ${row.id} vanished under its lock`);
    if (row.status !== "active") {
      await caller.record("enterprise_connection_activated", {
        ...named(row),
        domains: bindings.map((binding) => binding.domain).join(","),
        takenFrom: [...new Set(taken.map((binding) => binding.from))].join(",") || null,
      });
    }
    return { outcome: "activated" as const, connection: await connectionViewOf(caller.tx, context.config, activated) };
  });
}

/** The firm's connection for a test sign-in, read without a lock (nothing changes yet). */
export function findConnectionForTest(context: FirmContext, publicId: string) {
  return inCallerFirm(context, { needs: "admin", isReadOnly: true, commits: ["found"] }, async ({ tx, firm }) => {
    const row = await findConnection(tx, firm.id, publicId, { forUpdate: false });
    if (!row) return noSuchConnection;
    return { outcome: "found" as const, row };
  });
}
