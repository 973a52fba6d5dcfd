import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

/** A person the identity provider knows: the claims it sends about them. */
export interface IdpAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

/** Who the next login at the provider is, and when they signed in there (unix seconds; now by default). */
export interface NextLogin {
  accountId: string;
  signedInAt?: number;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider, certified) on 127.0.0.1, for the tests: discovery, the
 * authorization endpoint, the token endpoint and signed ID tokens, exactly as a firm's provider serves them. A
 * person "signs in" when the test says who (`nextLogin`): the provider's login page answers at once with that
 * account, so a test walks the whole flow over HTTP, with no browser. Every login prompt it showed is recorded, so
 * a test can see that a fresh sign-in was asked for.
 */
export async function startOidcIdp({
  redirectUris,
  clientId = "precis",
  clientSecret = "test-only-client-secret",
}: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}) {
  const accounts = new Map<string, IdpAccount>();
  const loginPrompts: string[] = [];
  let nextLogin: NextLogin | undefined;

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: "client_secret_post",
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "groups"],
    },
    // The scope's claims in the ID token itself, as Entra ID and Okta send them.
    conformIdTokenClaims: false,
    // Proves Precis always sends PKCE: a request without it is refused.
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["test-only-cookie-key"] },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "test-key" }] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, ...accounts.get(sub) }),
    }),
    // A first-party application: no consent screen, the scopes are granted with the login.
    loadExistingGrant: async (ctx) => {
      const clientIdOfGrant = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientIdOfGrant || !accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: clientIdOfGrant, accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });

  const handle = provider.callback();
  server.on("request", (request, response) => {
    if (!request.url?.startsWith("/interaction/")) {
      handle(request, response);
      return;
    }
    // The provider's login page: answered at once as the person the test named.
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      loginPrompts.push(details.prompt.name);
      const login = nextLogin;
      if (!login) throw new Error("the test did not say who signs in at the identity provider (nextLogin)");
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: login.accountId, ...(login.signedInAt ? { ts: login.signedInAt } : {}) } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    /** The login prompts the provider showed, in order ("login" each time a person was asked to sign in). */
    loginPrompts,
    addAccount(accountId: string, claims: IdpAccount) {
      accounts.set(accountId, claims);
    },
    set nextLogin(login: NextLogin | undefined) {
      nextLogin = login;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OidcIdp = Awaited<ReturnType<typeof startOidcIdp>>;

/**
 * A browser's walk from the authorization address to the provider's answer: every redirect followed by hand with
 * the provider's cookies kept, until it points at `redirectUri`. Returns that address, code and state included.
 * `jar` carries the provider's session to a later walk (a second sign-in while still signed in there).
 */
export async function walkToCallback(authorizationUrl: string, redirectUri: string, jar = new Map<string, string>()) {
  let location = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (location.startsWith(redirectUri)) return { callbackUrl: location, jar };
    const response = await fetch(location, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const separator = pair.indexOf("=");
      jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const next = response.headers.get("location");
    if (!next)
      throw new Error(`the identity provider stopped at ${location}: ${response.status} ${await response.text()}`);
    location = new URL(next, location).href;
  }
  throw new Error("the identity provider redirected more than 10 times");
}
