import * as oidc from "openid-client";
import { NonPublicAddressError, publicOnlyFetch } from "../../lib/outbound-fetch.ts";

/*
 * A firm's OpenID Connect identity provider, spoken to with openid-client (a certified relying party): discovery,
 * the authorization request (code flow with PKCE, state and nonce), and the callback's grant with every check the
 * library makes. Nothing is kept in the instance (decision 030): the discovered metadata and the signing keys
 * travel with the connection's row, and each step builds its Configuration from them, so any instance finishes a
 * sign-in another began. Pure protocol: who the person is, and what Precis does with them, is decided elsewhere.
 */

/** How long the issuer has to answer any one request: an admin typing an address that never answers hears so. */
export const ISSUER_TIMEOUT_SECONDS = 10;

/** What a connection keeps of its identity provider: the metadata discovery found, and how to authenticate. */
export interface OidcProvider {
  readonly metadata: oidc.ServerMetadata;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The keys the ID tokens were last checked with, with when they were fetched: handed back after each use. */
  readonly jwksCache?: oidc.ExportedJWKSCache;
}

/** Where this server runs: plain http issuers are for this machine's loopback, and never in production. */
export interface OidcEnvironment {
  readonly isProduction: boolean;
  /** Fetch for every request to the identity provider; production's reaches only the public internet by default. */
  readonly fetch?: oidc.CustomFetch;
  /** How long one request may take, in seconds: ISSUER_TIMEOUT_SECONDS unless a test needs less. */
  readonly timeoutSeconds?: number;
}

export type DiscoveryOutcome =
  | { readonly outcome: "discovered"; readonly metadata: oidc.ServerMetadata }
  | { readonly outcome: "issuerNotHttps" }
  | { readonly outcome: "issuerNotTenantSpecific" }
  | { readonly outcome: "issuerUnanswered" }
  /** In production, an issuer whose name leads to this server's own network (or its loopback). */
  | { readonly outcome: "issuerNotPublic" }
  | { readonly outcome: "issuerNotOpenIdConnect"; readonly detail: string };

/** The fetch a step uses: the environment's, or in production the one that reaches only the public internet. */
const fetchOf = (environment: OidcEnvironment): oidc.CustomFetch | undefined =>
  environment.fetch ?? (environment.isProduction ? (publicOnlyFetch as oidc.CustomFetch) : undefined);

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * An issuer Precis may talk to from here: https anywhere, or http on this machine's loopback outside production
 * (the tests' and the local try-out's providers).
 */
function isAllowedEndpoint(url: URL, environment: OidcEnvironment) {
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && !environment.isProduction && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Microsoft's multi-tenant issuers accept anyone with a Microsoft account: the issuer is half of a person's key
 * (with `sub`), so a firm's connection must name its own tenant.
 */
const TENANT_INDEPENDENT = /^https:\/\/login\.microsoftonline\.com\/(common|organizations|consumers)(\/|$)/i;

/** The provider's metadata, from its issuer address (OpenID Connect Discovery), or why it cannot be used. */
export async function discoverProvider(
  issuer: string,
  client: { clientId: string; clientSecret: string },
  environment: OidcEnvironment,
): Promise<DiscoveryOutcome> {
  const issuerUrl = new URL(issuer);
  if (!isAllowedEndpoint(issuerUrl, environment)) return { outcome: "issuerNotHttps" };
  if (TENANT_INDEPENDENT.test(issuer)) return { outcome: "issuerNotTenantSpecific" };
  const fetch = fetchOf(environment);
  try {
    const configuration = await oidc.discovery(issuerUrl, client.clientId, client.clientSecret, undefined, {
      timeout: environment.timeoutSeconds ?? ISSUER_TIMEOUT_SECONDS,
      ...(issuerUrl.protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : {}),
      ...(fetch ? { [oidc.customFetch]: fetch } : {}),
    });
    const metadata = configuration.serverMetadata();
    // The library allows http for every endpoint once the issuer is http: each must pass the issuer's own rule.
    const endpoints = [metadata.authorization_endpoint, metadata.token_endpoint, metadata.jwks_uri];
    if (endpoints.some((endpoint) => !endpoint || !isAllowedEndpoint(new URL(endpoint), environment))) {
      return { outcome: "issuerNotOpenIdConnect", detail: "its endpoints must be https addresses" };
    }
    return { outcome: "discovered", metadata: { ...metadata } };
  } catch (error) {
    return refusalOfDiscovery(error);
  }
}

/** Whether `error`, or what caused it (fetch wraps the connection's failure), is a refused private address. */
const isNonPublicAddress = (error: unknown): boolean =>
  error instanceof NonPublicAddressError || (error instanceof Error && isNonPublicAddress(error.cause));

function refusalOfDiscovery(error: unknown): DiscoveryOutcome {
  if (isNonPublicAddress(error)) return { outcome: "issuerNotPublic" };
  if (error instanceof oidc.ClientError && error.code === "OAUTH_TIMEOUT") return { outcome: "issuerUnanswered" };
  // A refused connection or an unknown host is the issuer not answering too, as far as the admin can act on it.
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return { outcome: "issuerUnanswered" };
  if (error instanceof Error) return { outcome: "issuerNotOpenIdConnect", detail: error.message };
  throw error;
}

/** A Configuration for one step, from what the connection keeps, evaluated at `now` (the injected clock). */
function configurationOf(provider: OidcProvider, environment: OidcEnvironment, now: Date) {
  const authentication = provider.metadata.token_endpoint_auth_methods_supported?.includes("client_secret_post")
    ? oidc.ClientSecretPost(provider.clientSecret)
    : oidc.ClientSecretBasic(provider.clientSecret);
  const configuration = new oidc.Configuration(
    provider.metadata,
    provider.clientId,
    { client_secret: provider.clientSecret, [oidc.clockSkew]: Math.round((now.getTime() - Date.now()) / 1000) },
    authentication,
  );
  configuration.timeout = environment.timeoutSeconds ?? ISSUER_TIMEOUT_SECONDS;
  if (new URL(provider.metadata.issuer).protocol === "http:") oidc.allowInsecureRequests(configuration);
  const fetch = fetchOf(environment);
  if (fetch) configuration[oidc.customFetch] = fetch;
  if (provider.jwksCache) oidc.setJwksCache(configuration, provider.jwksCache);
  return configuration;
}

/** What a sign-in must remember until the provider sends the person back: kept in the attempt's row. */
export interface OidcAttemptSecrets {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** The `max_age` sent, which the ID token's `auth_time` is then held to. */
  readonly maxAgeSeconds: number;
}

/**
 * The address that sends the person to their provider, and what the callback must check. `forceLogin` asks the
 * provider for a fresh sign-in (the step-up, and an admin's test): `prompt=login` and `max_age=0`. Otherwise
 * `max_age` is the longest a Precis session lives, which also makes every compliant provider send `auth_time`.
 */
export async function beginProviderSignIn(
  provider: OidcProvider,
  environment: OidcEnvironment,
  request: { redirectUri: string; loginHint?: string; forceLogin: boolean; sessionMaxAgeSeconds: number; now: Date },
): Promise<{ url: string; secrets: OidcAttemptSecrets }> {
  const configuration = configurationOf(provider, environment, request.now);
  const secrets: OidcAttemptSecrets = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    maxAgeSeconds: request.forceLogin ? 0 : request.sessionMaxAgeSeconds,
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: request.redirectUri,
    scope: "openid email profile",
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: "S256",
    max_age: String(secrets.maxAgeSeconds),
    ...(request.forceLogin ? { prompt: "login" } : {}),
    ...(request.loginHint ? { login_hint: request.loginHint } : {}),
  });
  return { url: url.href, secrets };
}

/** Who the provider says signed in, in its own words: Precis's rules on domains and accounts come after. */
export interface ProviderIdentity {
  readonly issuer: string;
  readonly subject: string;
  /** Lower-cased. Null when the provider sent none. */
  readonly email: string | null;
  /** False only when the provider says the address is unverified; Entra sends nothing (the domain proof stands). */
  readonly emailVerified: boolean | null;
  readonly givenName: string | null;
  readonly familyName: string | null;
  readonly groups: readonly string[];
  /** When the person last signed in at the provider: a session's freshness is this, never later. */
  readonly authenticatedAt: Date;
}

export type ProviderSignInOutcome =
  | { readonly outcome: "verified"; readonly identity: ProviderIdentity; readonly jwksCache?: oidc.ExportedJWKSCache }
  /** The provider sent an error back (the person cancelled, or may not use this application). */
  | { readonly outcome: "providerRefused"; readonly error: string }
  /** The answer did not pass a check: state, nonce, PKCE, signature, audience, expiry, issuer or `auth_time`. */
  | { readonly outcome: "answerRefused"; readonly detail: string }
  | { readonly outcome: "issuerUnanswered" };

const stringClaim = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/**
 * The callback's grant: the code exchanged (with the PKCE verifier) and the ID token checked by the library for
 * state, nonce, signature, issuer, audience, expiry and, since `max_age` was sent, `auth_time`. `callbackUrl` is
 * the address the provider sent the person back to, query included.
 */
export async function finishProviderSignIn(
  provider: OidcProvider,
  environment: OidcEnvironment,
  answer: { callbackUrl: string; secrets: OidcAttemptSecrets; now: Date },
): Promise<ProviderSignInOutcome> {
  const configuration = configurationOf(provider, environment, answer.now);
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, new URL(answer.callbackUrl), {
      pkceCodeVerifier: answer.secrets.codeVerifier,
      expectedState: answer.secrets.state,
      expectedNonce: answer.secrets.nonce,
      maxAge: answer.secrets.maxAgeSeconds,
    });
    const claims = tokens.claims();
    if (!claims || typeof claims.auth_time !== "number") {
      return { outcome: "answerRefused", detail: "the ID token says not when the person signed in (auth_time)" };
    }
    const email = stringClaim(claims.email)?.toLowerCase() ?? null;
    const groups = Array.isArray(claims.groups) ? claims.groups.filter((group) => typeof group === "string") : [];
    return {
      outcome: "verified",
      identity: {
        issuer: claims.iss,
        subject: claims.sub,
        email,
        emailVerified: typeof claims.email_verified === "boolean" ? claims.email_verified : null,
        givenName: stringClaim(claims.given_name),
        familyName: stringClaim(claims.family_name),
        groups,
        // Never later than now: a provider's clock ahead of ours must not make a session fresher than it is.
        authenticatedAt: new Date(Math.min(claims.auth_time * 1000, answer.now.getTime())),
      },
      jwksCache: oidc.getJwksCache(configuration),
    };
  } catch (error) {
    if (isNonPublicAddress(error)) return { outcome: "answerRefused", detail: "the provider's address is not public" };
    if (error instanceof oidc.AuthorizationResponseError) return { outcome: "providerRefused", error: error.error };
    if (error instanceof oidc.ClientError && error.code === "OAUTH_TIMEOUT") return { outcome: "issuerUnanswered" };
    if (error instanceof oidc.ResponseBodyError) return { outcome: "answerRefused", detail: error.error };
    if (error instanceof Error) return { outcome: "answerRefused", detail: error.message };
    throw error;
  }
}
