import type { BrowserContext } from "playwright-core";
import { inject } from "vitest";
import { uniqueEmail } from "./accounts.ts";

/** A Google ID token for `email` from the Auth Emulator, as its popup would hand one to the app. */
export async function googleIdTokenFor(email: string, displayName: string) {
  const response = await fetch(
    `${inject("authEmulatorUrl")}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        requestUri: "http://127.0.0.1",
        returnSecureToken: true,
        postBody: `providerId=google.com&id_token=${encodeURIComponent(
          JSON.stringify({ sub: `sub-${email}`, email, email_verified: true, name: displayName }),
        )}`,
      }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

/**
 * A Google account made through the Auth Emulator and the API (not the screens), signed in in the browser
 * context as the app is after its popup: the session cookie, and the access key where the app keeps it. It has
 * no password, as every account made with Google or Microsoft. Resolves to its address.
 */
export async function signUpWithGoogle(context: BrowserContext, displayName = "Marie Tremblay") {
  const email = uniqueEmail("google");
  const idToken = await googleIdTokenFor(email, displayName);
  const response = await context.request.post("/api/sso/register", {
    headers: {
      "x-requested-with": "XMLHttpRequest",
      authorization: `Basic ${Buffer.from(`${email}:${idToken}`).toString("base64")}`,
    },
    data: { email, role: "lawyer" },
  });
  if (response.status() !== 200)
    throw new Error(`SSO registration failed: ${response.status()} ${await response.text()}`);
  const accessKey = response.headers()["x-access-key"] ?? "";
  if (!accessKey) throw new Error("SSO registration opened no session");
  await context.addInitScript((key) => window.localStorage.setItem("precis.accessKey", key), accessKey);
  return email;
}
