import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../config.ts";
import { createIdTokenVerifier } from "./token-verifier.ts";

const PROJECT = "precis-test";
const EMAIL = "marie@example.ca";
let now = new Date("2026-11-22T12:00:00Z");
const clock = () => now;
const nowSeconds = () => Math.floor(now.getTime() / 1000);

/** A local stand-in for Google's key endpoint, serving whichever keys the test says. */
let servedKeys: JWK[] = [];
let keyRequests = 0;
let isKeyServerDown = false;
const keyServer = createServer((_request, response) => {
  keyRequests += 1;
  if (isKeyServerDown) {
    response.statusCode = 503;
    response.end();
    return;
  }
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify({ keys: servedKeys }));
});

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let googleKey: KeyPair;
let rotatedKey: KeyPair;
let foreignKey: KeyPair;
let jwksUrl: string;

beforeAll(async () => {
  [googleKey, rotatedKey, foreignKey] = await Promise.all([
    generateKeyPair("RS256", { extractable: true }),
    generateKeyPair("RS256", { extractable: true }),
    generateKeyPair("RS256", { extractable: true }),
  ]);
  servedKeys = [{ ...(await exportJWK(googleKey.publicKey)), kid: "key-1", alg: "RS256", use: "sig" }];
  await new Promise<void>((resolve) => keyServer.listen(0, "127.0.0.1", resolve));
  jwksUrl = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/keys`;
});
afterAll(() => new Promise((resolve) => keyServer.close(resolve)));

function claims(overrides: Record<string, unknown> = {}) {
  return {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: "google-uid-123",
    iat: nowSeconds() - 10,
    exp: nowSeconds() + 3600,
    auth_time: nowSeconds() - 10,
    email: EMAIL,
    email_verified: true,
    name: "Marie Tremblay",
    firebase: { sign_in_provider: "google.com" },
    ...overrides,
  };
}
function sign(payload: Record<string, unknown>, key = googleKey.privateKey, kid = "key-1") {
  return new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid, typ: "JWT" }).sign(key);
}
function newVerifier(env: Record<string, string> = {}) {
  return createIdTokenVerifier(loadConfig({ FIREBASE_PROJECT_ID: PROJECT, FIREBASE_JWKS_URL: jwksUrl, ...env }), clock);
}
const base64url = (value: object | string) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

describe("Firebase ID-token verification", () => {
  it("accepts a genuine token and reads the identity", async () => {
    const result = await newVerifier()(await sign(claims()), "Marie@Example.ca");
    expect(result).toEqual({
      outcome: "verified",
      identity: {
        provider: "google.com",
        subject: "google-uid-123",
        email: EMAIL,
        displayName: "Marie Tremblay",
        authTime: new Date((nowSeconds() - 10) * 1000),
      },
    });
  });

  it("accepts Microsoft sign-ins", async () => {
    const token = await sign(claims({ firebase: { sign_in_provider: "microsoft.com" } }));
    expect((await newVerifier()(token, EMAIL)).outcome).toBe("verified");
  });

  const forgeries: [string, () => Promise<string>][] = [
    ["alg none", async () => `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims())}.`],
    [
      "HS256 signed with the public key",
      async () => {
        const publicJwk = JSON.stringify(await exportJWK(googleKey.publicKey));
        return new SignJWT(claims())
          .setProtectedHeader({ alg: "HS256", kid: "key-1" })
          .sign(new TextEncoder().encode(publicJwk));
      },
    ],
    ["a wrong audience", () => sign(claims({ aud: "someone-else" }))],
    ["a wrong issuer", () => sign(claims({ iss: "https://securetoken.google.com/someone-else" }))],
    ["an expired token", () => sign(claims({ exp: nowSeconds() - 60 }))],
    ["iat in the future", () => sign(claims({ iat: nowSeconds() + 600 }))],
    ["auth_time in the future", () => sign(claims({ auth_time: nowSeconds() + 600 }))],
    ["an empty sub", () => sign(claims({ sub: "" }))],
    ["a 129-character sub", () => sign(claims({ sub: "x".repeat(129) }))],
    ["an unknown key id", () => sign(claims(), googleKey.privateKey, "no-such-key")],
    ["a key that is not Google's", () => sign(claims(), foreignKey.privateKey, "key-1")],
    ["a token for another email", () => sign(claims({ email: "someone@example.ca" }))],
    ["an unverified email", () => sign(claims({ email_verified: false }))],
    ["a password sign-in", () => sign(claims({ firebase: { sign_in_provider: "password" } }))],
    ["no auth_time", () => sign(claims({ auth_time: undefined }))],
    ["garbage", async () => "not.a.jwt"],
  ];

  it.each(forgeries)("refuses %s", async (_label, makeToken) => {
    const result = await newVerifier()(await makeToken(), EMAIL);
    expect(result.outcome).toBe("invalid");
  });

  it("needs a recent sign-in when asked (change of email)", async () => {
    const verify = newVerifier();
    const stale = await sign(claims({ auth_time: nowSeconds() - 301 }));
    expect(await verify(stale, EMAIL, { signedInWithinSeconds: 300 })).toMatchObject({
      outcome: "invalid",
      reason: "sign-in too old",
    });
    const fresh = await sign(claims({ auth_time: nowSeconds() - 60 }));
    expect((await verify(fresh, EMAIL, { signedInWithinSeconds: 300 })).outcome).toBe("verified");
  });

  it("keeps the key set an hour and fetches it again once when Google rotates keys", async () => {
    // jose dates the kept set by the system clock: it moves with this file's.
    vi.useFakeTimers({ toFake: ["Date"], now });
    const advance = (milliseconds: number) => {
      now = new Date(now.getTime() + milliseconds);
      vi.setSystemTime(now);
    };
    try {
      const verify = newVerifier();
      keyRequests = 0;
      await verify(await sign(claims()), EMAIL);
      await verify(await sign(claims()), EMAIL);
      expect(keyRequests).toBe(1);

      // Google adds a key and starts signing with it: the unknown kid triggers one re-fetch.
      servedKeys = [
        ...servedKeys,
        { ...(await exportJWK(rotatedKey.publicKey)), kid: "key-2", alg: "RS256", use: "sig" },
      ];
      advance(60_000);
      const rotated = await sign(claims(), rotatedKey.privateKey, "key-2");
      expect((await verify(rotated, EMAIL)).outcome).toBe("verified");
      expect(keyRequests).toBe(2);

      // A flood of tokens with made-up key ids does not become a flood of fetches.
      for (let i = 0; i < 5; i += 1) await verify(await sign(claims(), foreignKey.privateKey, `bogus-${i}`), EMAIL);
      expect(keyRequests).toBe(2);

      // After an hour the set is fetched again.
      advance(3_601_000);
      await verify(await sign(claims()), EMAIL);
      expect(keyRequests).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers unavailable (never valid) when the key set cannot be fetched", async () => {
    isKeyServerDown = true;
    try {
      expect(await newVerifier()(await sign(claims()), EMAIL)).toEqual({ outcome: "unavailable" });
    } finally {
      isKeyServerDown = false;
    }
  });

  it("accepts the emulator's unsigned tokens only when the emulator is configured", async () => {
    const unsigned = `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims())}.`;
    expect((await newVerifier({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })(unsigned, EMAIL)).outcome).toBe(
      "verified",
    );
    expect((await newVerifier()(unsigned, EMAIL)).outcome).toBe("invalid");
  });

  it("is unavailable when sign-in is not configured", async () => {
    const verify = createIdTokenVerifier(loadConfig({ FIREBASE_JWKS_URL: jwksUrl }), clock);
    expect(await verify(await sign(claims()), EMAIL)).toEqual({ outcome: "unavailable" });
  });
});
