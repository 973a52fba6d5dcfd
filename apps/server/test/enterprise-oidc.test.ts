import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  beginProviderSignIn,
  discoverProvider,
  finishProviderSignIn,
  type OidcProvider,
} from "../src/modules/enterprise-sign-in/oidc.ts";
import { type OidcIdp, startOidcIdp, walkToCallback } from "./support/oidc-idp.ts";

/*
 * The OpenID Connect side of a firm's single sign-on, against a real provider (oidc-provider) on 127.0.0.1:
 * discovery, the code flow with PKCE, state and nonce, and the checks on the answer that decide whether a person
 * signed in, and when.
 */

const REDIRECT_URI = "http://127.0.0.1:9/sso/oidc/callback";
const THIRTY_DAYS = 30 * 24 * 3600;
const development = { isProduction: false } as const;

let idp: OidcIdp;
let provider: OidcProvider;

beforeAll(async () => {
  idp = await startOidcIdp({ redirectUris: [REDIRECT_URI] });
  idp.addAccount("partner-1", {
    email: "Avocate@Cabinet-Exemple.ca",
    email_verified: true,
    given_name: "Jeanne",
    family_name: "Tremblay",
    groups: ["precis-admins"],
  });
  const discovered = await discoverProvider(idp.issuer, idp, development);
  if (discovered.outcome !== "discovered") throw new Error(`discovery failed: ${JSON.stringify(discovered)}`);
  provider = { metadata: discovered.metadata, clientId: idp.clientId, clientSecret: idp.clientSecret };
});
afterAll(() => idp?.close());

async function signIn(options: { forceLogin?: boolean; jar?: Map<string, string>; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const begun = await beginProviderSignIn(provider, development, {
    redirectUri: REDIRECT_URI,
    forceLogin: options.forceLogin ?? false,
    sessionMaxAgeSeconds: THIRTY_DAYS,
    loginHint: "avocate@cabinet-exemple.ca",
    now,
  });
  const walked = await walkToCallback(begun.url, REDIRECT_URI, options.jar);
  return { begun, ...walked, now };
}

describe("discovery", () => {
  it("finds a provider's endpoints from its issuer address", () => {
    expect(provider.metadata.issuer).toBe(idp.issuer);
    expect(provider.metadata.token_endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/token$/);
    expect(provider.metadata.code_challenge_methods_supported).toContain("S256");
  });

  it("takes a plain http issuer on loopback only outside production", async () => {
    expect(await discoverProvider(idp.issuer, idp, { isProduction: true })).toEqual({ outcome: "issuerNotHttps" });
    expect(await discoverProvider("http://idp.cabinet-exemple.ca", idp, development)).toEqual({
      outcome: "issuerNotHttps",
    });
  });

  it("in production, refuses an https issuer whose name leads to this server's own network", async () => {
    const local = `https://localhost:${new URL(idp.issuer).port}`;
    expect(await discoverProvider(local, idp, { isProduction: true })).toEqual({ outcome: "issuerNotPublic" });
  });

  it("refuses Microsoft's multi-tenant issuers before asking them anything", async () => {
    for (const tenant of ["common", "organizations", "consumers"]) {
      expect(await discoverProvider(`https://login.microsoftonline.com/${tenant}/v2.0`, idp, development)).toEqual({
        outcome: "issuerNotTenantSpecific",
      });
    }
  });

  it("says an issuer that accepts the connection and never answers did not answer, without waiting forever", async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const started = Date.now();
    const outcome = await discoverProvider(`http://127.0.0.1:${port}`, idp, { ...development, timeoutSeconds: 1 });
    expect(outcome).toEqual({ outcome: "issuerUnanswered" });
    // The timeout is the one given, not the library's default of 30 s.
    expect(Date.now() - started).toBeLessThan(15_000);
    silent.close();
  });

  it("says what is wrong with an address that is not an OpenID Connect issuer", async () => {
    const outcome = await discoverProvider(`${idp.issuer}/not-an-issuer`, idp, development);
    expect(outcome.outcome).toBe("issuerNotOpenIdConnect");
  });
});

describe("signing in", () => {
  it("sends the code flow with PKCE, state and nonce, and reads who signed in and when", async () => {
    const signedInAt = Math.floor(Date.now() / 1000) - 3600;
    idp.nextLogin = { accountId: "partner-1", signedInAt };
    const { begun, callbackUrl, now } = await signIn();

    const sent = new URL(begun.url).searchParams;
    expect(sent.get("response_type")).toBe("code");
    expect(sent.get("code_challenge_method")).toBe("S256");
    expect(sent.get("code_challenge")).not.toBe(begun.secrets.codeVerifier);
    expect(sent.get("state")).toBe(begun.secrets.state);
    expect(sent.get("nonce")).toBe(begun.secrets.nonce);
    expect(sent.get("max_age")).toBe(String(THIRTY_DAYS));
    expect(sent.has("prompt")).toBe(false);

    const finished = await finishProviderSignIn(provider, development, { callbackUrl, secrets: begun.secrets, now });
    expect(finished).toMatchObject({
      outcome: "verified",
      identity: {
        issuer: idp.issuer,
        subject: "partner-1",
        email: "avocate@cabinet-exemple.ca",
        emailVerified: true,
        givenName: "Jeanne",
        familyName: "Tremblay",
        groups: ["precis-admins"],
        authenticatedAt: new Date(signedInAt * 1000),
      },
    });
  });

  it("accepts a code once", async () => {
    idp.nextLogin = { accountId: "partner-1" };
    const { begun, callbackUrl, now } = await signIn();
    const answer = { callbackUrl, secrets: begun.secrets, now };
    expect((await finishProviderSignIn(provider, development, answer)).outcome).toBe("verified");
    expect(await finishProviderSignIn(provider, development, answer)).toMatchObject({ outcome: "answerRefused" });
  });

  it("refuses an answer whose state, nonce or PKCE verifier is not the attempt's", async () => {
    for (const tampered of ["state", "nonce", "codeVerifier"] as const) {
      idp.nextLogin = { accountId: "partner-1" };
      const { begun, callbackUrl, now } = await signIn();
      const secrets = { ...begun.secrets, [tampered]: `${begun.secrets[tampered]}x` };
      const finished = await finishProviderSignIn(provider, development, { callbackUrl, secrets, now });
      expect(finished.outcome, tampered).toBe("answerRefused");
    }
  });

  it("hears the provider's refusal", async () => {
    const begun = await beginProviderSignIn(provider, development, {
      redirectUri: REDIRECT_URI,
      forceLogin: false,
      sessionMaxAgeSeconds: THIRTY_DAYS,
      now: new Date(),
    });
    const callbackUrl = `${REDIRECT_URI}?error=access_denied&state=${begun.secrets.state}&iss=${encodeURIComponent(idp.issuer)}`;
    const finished = await finishProviderSignIn(provider, development, {
      callbackUrl,
      secrets: begun.secrets,
      now: new Date(),
    });
    expect(finished).toEqual({ outcome: "providerRefused", error: "access_denied" });
  });

  it("asks for a fresh sign-in at the provider for the step-up, and refuses an old one", async () => {
    idp.nextLogin = { accountId: "partner-1" };
    const first = await signIn();
    expect(
      (await finishProviderSignIn(provider, development, { ...first, secrets: first.begun.secrets })).outcome,
    ).toBe("verified");

    // Still signed in at the provider (its cookies kept): a step-up must ask again all the same.
    const promptsBefore = idp.loginPrompts.length;
    idp.nextLogin = { accountId: "partner-1" };
    const fresh = await signIn({ forceLogin: true, jar: first.jar });
    expect(new URL(fresh.begun.url).searchParams.get("prompt")).toBe("login");
    expect(new URL(fresh.begun.url).searchParams.get("max_age")).toBe("0");
    expect(idp.loginPrompts.slice(promptsBefore)).toEqual(["login"]);
    expect(
      (await finishProviderSignIn(provider, development, { ...fresh, secrets: fresh.begun.secrets })).outcome,
    ).toBe("verified");

    // A provider that hands back a sign-in five minutes old for a step-up is not believed.
    idp.nextLogin = { accountId: "partner-1", signedInAt: Math.floor(Date.now() / 1000) - 300 };
    const stale = await signIn({ forceLogin: true, jar: first.jar });
    expect(await finishProviderSignIn(provider, development, { ...stale, secrets: stale.begun.secrets })).toMatchObject(
      {
        outcome: "answerRefused",
      },
    );
  });

  it("judges the answer at the injected clock's time, so an answer from long ago is refused", async () => {
    idp.nextLogin = { accountId: "partner-1" };
    const { begun, callbackUrl } = await signIn();
    const inTwoHours = new Date(Date.now() + 2 * 3600 * 1000);
    const finished = await finishProviderSignIn(provider, development, {
      callbackUrl,
      secrets: begun.secrets,
      now: inTwoHours,
    });
    // The ID token expired an hour after it was issued (oidc-provider's default lifetime).
    expect(finished).toMatchObject({ outcome: "answerRefused" });
  });
});
