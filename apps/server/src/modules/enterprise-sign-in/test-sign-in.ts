import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { ENTERPRISE_ATTEMPT_MINUTES, type EnterpriseTestResult } from "@precis/contract/enterprise-sign-in";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import {
  enterpriseConnectionDomains,
  enterpriseConnections,
  enterpriseSignInAttempts,
  firmDomains,
} from "../../db/schema/index.ts";
import { openSecret, sealSecret } from "../../lib/secret-box.ts";
import type { FirmContext } from "../firms/caller-firm.ts";
import { inCallerFirm } from "../firms/caller-firm.ts";
import {
  type ConnectionContext,
  connectionViewOf,
  findConnectionForTest,
  oidcProviderOf,
  oidcRedirectUriOf,
} from "./connections.ts";
import { beginProviderSignIn, finishProviderSignIn, type ProviderIdentity } from "./oidc.ts";

/*
 * An admin's test sign-in through a connection (OpenID Connect): what the provider sends is shown before anything
 * is linked, and a connection whose test would let the person in becomes tested, which activation needs. The
 * attempt is a row (decision 030), good for ten minutes, bound to the browser that started it by a cookie whose
 * secret is kept only as SHA-256, finished once, and only by the session that started it. The provider's `state`
 * finds the row by its SHA-256; the nonce and the PKCE verifier are sealed for that row.
 */

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/** The attempt's cookie: HttpOnly, Lax (the provider's redirect back is a top-level navigation), ten minutes. */
export const attemptCookieNameOf = (env: AppConfig["env"]) =>
  env === "development" ? "precis_sso_attempt" : "__Host-precis_sso_attempt";

const attemptSecretsContext = (attemptId: string) => `enterprise-sign-in-attempt:${attemptId}:oidc`;

interface SealedSecrets {
  readonly nonce: string;
  readonly codeVerifier: string;
}

/**
 * `POST /api/firm/enterprise/connections/{id}/test`: the address of the provider's sign-in, with a fresh sign-in
 * asked for (`prompt=login`, `max_age=0`), and the secret of the cookie that binds the attempt to this browser.
 */
export async function startConnectionTest(context: ConnectionContext, sessionId: number, publicId: string) {
  const found = await findConnectionForTest(context, publicId);
  if (found.outcome !== "found") return found;
  const { row } = found;
  if (row.kind !== "oidc") return { outcome: "samlTestNotOpen" as const };
  const begun = await beginProviderSignIn(oidcProviderOf(context.config, row), context.oidcEnvironment, {
    redirectUri: oidcRedirectUriOf(context.config),
    forceLogin: true,
    sessionMaxAgeSeconds: context.config.session.absoluteDays * 86_400,
    now: context.now,
  });
  const attemptId = randomUUID();
  const bindingSecret = randomBytes(32).toString("base64url");
  const secrets: SealedSecrets = { nonce: begun.secrets.nonce, codeVerifier: begun.secrets.codeVerifier };
  await context.db.insert(enterpriseSignInAttempts).values({
    id: attemptId,
    connectionId: row.id,
    purpose: "test",
    bindingHash: sha256(bindingSecret),
    sessionId,
    oidcStateHash: sha256(begun.secrets.state),
    oidcSecretsCiphertext: sealSecret(
      context.config.enterpriseSecretKeys,
      JSON.stringify(secrets),
      attemptSecretsContext(attemptId),
    ),
    oidcMaxAge: begun.secrets.maxAgeSeconds,
    createdAt: context.now,
    expiresAt: new Date(context.now.getTime() + ENTERPRISE_ATTEMPT_MINUTES * 60_000),
  });
  return { outcome: "started" as const, redirectUrl: begun.url, bindingSecret };
}

const unknownAttempt = { outcome: "unknownAttempt" } as const;

/** Whether the browser's cookie is the attempt's: compared as hashes, in constant time. */
function isBoundTo(bindingSecret: string | undefined, bindingHash: string) {
  if (!bindingSecret) return false;
  const presented = Buffer.from(sha256(bindingSecret));
  const expected = Buffer.from(bindingHash);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** Why an identity would be refused at sign-in through the connection, or null when it would pass. */
async function refusalOf(context: FirmContext, connectionId: number, firmId: number, identity: ProviderIdentity) {
  if (!identity.email) return "The identity provider sent no email address.";
  if (identity.emailVerified === false) return "The identity provider says the email address is not verified.";
  const domain = identity.email.slice(identity.email.lastIndexOf("@") + 1);
  const [bound] = await context.db
    .select({ provenAt: firmDomains.provenAt })
    .from(enterpriseConnectionDomains)
    .innerJoin(firmDomains, eq(firmDomains.domain, enterpriseConnectionDomains.domain))
    .where(
      and(
        eq(enterpriseConnectionDomains.connectionId, connectionId),
        eq(enterpriseConnectionDomains.domain, domain),
        eq(firmDomains.firmId, firmId),
      ),
    );
  if (!bound) return `${domain} is not one of this connection's domains.`;
  if (!bound.provenAt) return `${domain} is no longer proven by its DNS record.`;
  return null;
}

/**
 * `POST /api/enterprise-sign-in/oidc/finish`: the provider's answer to a test, given as the address it sent the
 * browser back to. The attempt is consumed before the code is exchanged (a conditional update: one request wins,
 * whatever races), so a replayed answer is refused even while the first is still being checked.
 */
export async function finishOidcSignIn(
  context: Omit<ConnectionContext, "userId">,
  answer: { callbackUrl: string; bindingSecret: string | undefined; session: { id: number; userId: number } | null },
) {
  const redirectUri = new URL(oidcRedirectUriOf(context.config));
  const callback = URL.canParse(answer.callbackUrl) ? new URL(answer.callbackUrl) : null;
  if (!callback || callback.origin !== redirectUri.origin || callback.pathname !== redirectUri.pathname) {
    return { outcome: "notTheCallback" as const };
  }
  const state = callback.searchParams.get("state");
  if (!state) return unknownAttempt;
  const [found] = await context.db
    .select({ attempt: enterpriseSignInAttempts, connection: enterpriseConnections })
    .from(enterpriseSignInAttempts)
    .innerJoin(enterpriseConnections, eq(enterpriseConnections.id, enterpriseSignInAttempts.connectionId))
    .where(eq(enterpriseSignInAttempts.oidcStateHash, sha256(state)));
  // Another browser's attempt is as unknown as none: its state says nothing to whoever holds it without the cookie.
  if (!found || !isBoundTo(answer.bindingSecret, found.attempt.bindingHash)) return unknownAttempt;
  const { attempt, connection } = found;
  if (attempt.purpose !== "test" || !answer.session || answer.session.id !== attempt.sessionId) {
    return { outcome: "notYourAttempt" as const };
  }
  const [consumed] = await context.db
    .update(enterpriseSignInAttempts)
    .set({ usedAt: context.now })
    .where(
      and(
        eq(enterpriseSignInAttempts.id, attempt.id),
        isNull(enterpriseSignInAttempts.usedAt),
        gt(enterpriseSignInAttempts.expiresAt, context.now),
      ),
    )
    .returning({ id: enterpriseSignInAttempts.id });
  if (!consumed || !attempt.oidcSecretsCiphertext) return unknownAttempt;
  const secrets = JSON.parse(
    openSecret(context.config.enterpriseSecretKeys, attempt.oidcSecretsCiphertext, attemptSecretsContext(attempt.id)),
  ) as SealedSecrets;
  const finished = await finishProviderSignIn(oidcProviderOf(context.config, connection), context.oidcEnvironment, {
    callbackUrl: answer.callbackUrl,
    secrets: { state, ...secrets, maxAgeSeconds: attempt.oidcMaxAge ?? 0 },
    now: context.now,
  });
  if (finished.outcome !== "verified") {
    await context.db
      .update(enterpriseSignInAttempts)
      .set({ outcome: `refused:${finished.outcome}` })
      .where(eq(enterpriseSignInAttempts.id, attempt.id));
    return { ...finished, issuer: connection.oidcIssuer ?? "" };
  }
  return recordTest({ ...context, userId: answer.session.userId }, attempt.id, connection.id, finished);
}

/**
 * What the test found, kept on the attempt and shown: a test whose identity would pass makes a draft connection
 * tested. Done as the admin who started it, who must still be one (the firm locked, the change in its trail).
 */
function recordTest(
  context: FirmContext,
  attemptId: string,
  connectionId: number,
  finished: Extract<Awaited<ReturnType<typeof finishProviderSignIn>>, { outcome: "verified" }>,
) {
  const { identity } = finished;
  return inCallerFirm(context, { needs: "admin", commits: ["tested"] }, async (caller) => {
    const [row] = await caller.tx
      .select()
      .from(enterpriseConnections)
      .where(and(eq(enterpriseConnections.id, connectionId), eq(enterpriseConnections.firmId, caller.firm.id)))
      .for("update");
    if (!row) return { outcome: "noSuchConnection" as const };
    const refusal = await refusalOf({ ...context, db: caller.tx }, row.id, caller.firm.id, identity);
    const wouldPass = refusal === null;
    const shown = {
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      emailVerified: identity.emailVerified,
      givenName: identity.givenName,
      familyName: identity.familyName,
      groups: [...identity.groups],
      authenticatedAt: identity.authenticatedAt.toISOString(),
    };
    await caller.tx
      .update(enterpriseSignInAttempts)
      .set({ outcome: "verified", result: { identity: shown, wouldPass, refusal } })
      .where(eq(enterpriseSignInAttempts.id, attemptId));
    const [updated] = await caller.tx
      .update(enterpriseConnections)
      .set({
        updatedAt: context.now,
        ...(finished.jwksCache ? { oidcJwksCache: { ...finished.jwksCache } } : {}),
        ...(wouldPass
          ? {
              status: row.status === "draft" ? ("tested" as const) : row.status,
              testedAt: context.now,
              testedByUserId: context.userId,
            }
          : {}),
      })
      .where(eq(enterpriseConnections.id, row.id))
      .returning();
    if (!updated) throw new Error(`connection ${row.id} vanished under its lock`);
    await caller.record("enterprise_connection_tested", {
      connection: row.publicId,
      name: row.name,
      kind: row.kind,
      wouldPass,
      email: identity.email,
    });
    const result: EnterpriseTestResult = {
      identity: shown,
      wouldPass,
      refusal,
      connection: await connectionViewOf(caller.tx, context.config, updated),
    };
    return { outcome: "tested" as const, result };
  });
}
