import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify, UnsecuredJWT } from "jose";
import type { AppConfig } from "../../config.ts";
import type { Clock } from "../../lib/clock.ts";

/** The two sign-in providers of product §1, as Firebase names them in `firebase.sign_in_provider`. */
export const SSO_PROVIDERS = ["google.com", "microsoft.com"] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

export interface VerifiedIdentity {
  provider: SsoProvider;
  subject: string;
  email: string;
  displayName: string;
  authTime: Date;
}

export type VerificationResult =
  | { outcome: "verified"; identity: VerifiedIdentity }
  | { outcome: "invalid"; reason: string }
  | { outcome: "unavailable" };

interface FirebaseClaims extends JWTPayload {
  auth_time?: number;
  email?: string;
  email_verified?: boolean;
  name?: string;
  firebase?: { sign_in_provider?: string };
}

/** Tolerated clock difference with Google's servers. */
const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * How long Google's key set is kept. Google rotates its keys with days of overlap, and a token naming a key id the
 * kept set lacks fetches it again at once (at most every 30 s, jose's cooldown), so an hour only bounds the fetches.
 */
const KEY_SET_MAX_AGE_MS = 3_600_000;

class KeySetUnavailableError extends Error {
  constructor(cause: unknown) {
    super("the Firebase key set could not be fetched", { cause });
    this.name = "KeySetUnavailableError";
  }
}

/**
 * Google's key set through jose, which keeps it, fetches it again for an unknown key id, and gives up after 5 s.
 * A key id the set lacks (or names twice) is the token's fault; any other failure means Google's keys are out of
 * reach, which the caller answers as "unavailable", never as a verdict on the token.
 */
function createFirebaseKeySet(url: string): JWTVerifyGetKey {
  const keySet = createRemoteJWKSet(new URL(url), { cacheMaxAge: KEY_SET_MAX_AGE_MS });
  return async (header, token) => {
    try {
      return await keySet(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new KeySetUnavailableError(error);
    }
  };
}

/**
 * Verifies a Firebase ID token for `expectedEmail`. One module for every SSO endpoint, and it
 * trusts nothing it has not checked: RS256 only, Google's keys, audience, issuer, every time claim,
 * subject, provider, and a verified email equal to the one sent beside the token. With the Firebase
 * Auth Emulator configured (never in production) its unsigned tokens are accepted instead.
 */
export function createIdTokenVerifier(config: AppConfig, clock: Clock) {
  const projectId = config.firebase.projectId;
  const issuer = `https://securetoken.google.com/${projectId}`;
  // config.ts only keeps the emulator's address in development.
  const isEmulator = Boolean(config.firebase.emulatorHost);
  const getKey = createFirebaseKeySet(config.firebase.jwksUrl);

  async function readClaims(token: string): Promise<FirebaseClaims> {
    if (isEmulator) {
      return UnsecuredJWT.decode(token, { issuer, audience: projectId, currentDate: clock() })
        .payload as FirebaseClaims;
    }
    const { payload } = await jwtVerify(token, getKey, {
      algorithms: ["RS256"],
      issuer,
      audience: projectId,
      currentDate: clock(),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["exp", "iat", "sub", "auth_time"],
    });
    return payload as FirebaseClaims;
  }

  return async function verifyIdToken(
    token: string,
    expectedEmail: string,
    requirements: { signedInWithinSeconds?: number } = {},
  ): Promise<VerificationResult> {
    if (!projectId) return { outcome: "unavailable" };
    let claims: FirebaseClaims;
    try {
      claims = await readClaims(token);
    } catch (error) {
      if (error instanceof KeySetUnavailableError) return { outcome: "unavailable" };
      if (error instanceof errors.JOSEError || error instanceof TypeError)
        return { outcome: "invalid", reason: error.message };
      return { outcome: "invalid", reason: "unreadable token" };
    }
    const nowSeconds = clock().getTime() / 1000;
    const latest = nowSeconds + CLOCK_TOLERANCE_SECONDS;
    const provider = claims.firebase?.sign_in_provider;
    const checks: [boolean, string][] = [
      [typeof claims.exp === "number" && claims.exp > nowSeconds - CLOCK_TOLERANCE_SECONDS, "expired"],
      [typeof claims.iat === "number" && claims.iat <= latest, "issued in the future"],
      [typeof claims.auth_time === "number" && claims.auth_time <= latest, "signed in in the future"],
      [typeof claims.sub === "string" && claims.sub.length > 0 && claims.sub.length <= 128, "bad subject"],
      [SSO_PROVIDERS.includes(provider as SsoProvider), "not a Google or Microsoft sign-in"],
      [typeof claims.email === "string" && claims.email.toLowerCase() === expectedEmail.toLowerCase(), "another email"],
      [claims.email_verified === true, "email not verified"],
    ];
    if (requirements.signedInWithinSeconds !== undefined) {
      checks.push([
        typeof claims.auth_time === "number" && claims.auth_time >= nowSeconds - requirements.signedInWithinSeconds,
        "sign-in too old",
      ]);
    }
    const failed = checks.find(([isMet]) => !isMet);
    if (failed) return { outcome: "invalid", reason: failed[1] };
    return {
      outcome: "verified",
      identity: {
        provider: provider as SsoProvider,
        subject: claims.sub as string,
        email: (claims.email as string).toLowerCase(),
        displayName: typeof claims.name === "string" ? claims.name : "",
        authTime: new Date((claims.auth_time as number) * 1000),
      },
    };
  };
}

export type IdTokenVerifier = ReturnType<typeof createIdTokenVerifier>;
