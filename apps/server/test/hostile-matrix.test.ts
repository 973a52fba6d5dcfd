import { beforeAll, describe, expect, it } from "vitest";
import { basicAuth, xhrHeaders } from "./harness.ts";
import { readSecurityCode } from "./smtp.ts";
import { registerAccount } from "./support/accounts.ts";
import { useTestServer } from "./support/test-server.ts";

/**
 * Issue 8, hostile input: the cross-site matrix on every state-changing operation of /api/openapi.json, the
 * session matrix (cookie without key, key without cookie, key of another session), and canary secrets that
 * must never reach the log.
 */
const CANARY_PASSWORD = "Canary-Pass-7Q2xZ";
const CANARY_NEW_PASSWORD = "Canary-Renewed-9Kp4W";

/** Signed by Stripe instead: its webhook proves itself with a signature, not with the header. */
const SIGNED_BY_THEIR_CALLER = new Set(["POST /api/stripe/webhook"]);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const server = useTestServer({ smtp: true, env: { STRIPE_WEBHOOK_SECRET: "whsec_matrix" } });
let operations: { method: "POST" | "PUT" | "PATCH" | "DELETE"; path: string }[];

/** Every account of the matrix has the canary password, which must never reach the log. */
const CANARY_ACCOUNT = { password: CANARY_PASSWORD };

beforeAll(async () => {
  const document = (await server.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
  operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((method) => ({ method: method.toUpperCase() as "POST", path }))
      .filter(({ method }) => !SAFE_METHODS.has(method)),
  );
}, 120_000);

describe("the cross-site matrix on every state-changing operation", () => {
  it("found the state-changing operations, the Stripe webhook among them", () => {
    expect(operations.length).toBeGreaterThanOrEqual(8);
    expect(operations.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([...SIGNED_BY_THEIR_CALLER]),
    );
  });

  it("refuses calls a foreign page could make: no X-Requested-With, a foreign or opaque Origin, form bodies", async () => {
    const { session } = await registerAccount(server, "matrix-cross@example.ca", CANARY_ACCOUNT);
    const refusals: string[] = [];
    for (const { method, path } of operations) {
      if (SIGNED_BY_THEIR_CALLER.has(`${method} ${path}`)) continue;
      const attempts: [string, Record<string, string>, string][] = [
        ["no X-Requested-With", { "content-type": "application/json" }, "{}"],
        [
          "a foreign Origin",
          { ...xhrHeaders, origin: "https://evil.example", "content-type": "application/json" },
          "{}",
        ],
        ["an opaque Origin", { ...xhrHeaders, origin: "null", "content-type": "application/json" }, "{}"],
        ["a form body", { "content-type": "application/x-www-form-urlencoded" }, "email=a%40b.ca"],
        ["a text body", { "content-type": "text/plain" }, '{"email":"a@b.ca"}'],
        [
          "a multipart body",
          { "content-type": "multipart/form-data; boundary=x" },
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
        ],
      ];
      for (const [what, headers, payload] of attempts) {
        const response = await server.app.inject({
          method,
          url: path.replace(/\{[^}]+\}/g, "1"),
          headers: { ...session.headers, ...headers },
          payload,
        });
        if (response.statusCode !== 403) refusals.push(`${method} ${path} with ${what}: ${response.statusCode}`);
      }
    }
    expect(refusals).toEqual([]);
  });

  it("answers form, text and multipart bodies with 415 even with the header, on operations that take a body", async () => {
    const { session } = await registerAccount(server, "matrix-types@example.ca", CANARY_ACCOUNT);
    const accepted: string[] = [];
    for (const { method, path } of operations) {
      if (SIGNED_BY_THEIR_CALLER.has(`${method} ${path}`)) continue;
      for (const contentType of [
        "application/x-www-form-urlencoded",
        "text/plain",
        "multipart/form-data; boundary=x",
      ]) {
        const response = await server.app.inject({
          method,
          url: path.replace(/\{[^}]+\}/g, "1"),
          headers: { ...session.headers, ...xhrHeaders, "content-type": contentType },
          payload: "a=b",
        });
        if (response.statusCode !== 415) accepted.push(`${method} ${path} as ${contentType}: ${response.statusCode}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});

describe("the session matrix", () => {
  it("answers 401 for a cookie without its key, a key without its cookie, and a key of another session", async () => {
    const { session: mine } = await registerAccount(server, "matrix-mine@example.ca", CANARY_ACCOUNT);
    const { session: theirs } = await registerAccount(server, "matrix-theirs@example.ca", CANARY_ACCOUNT);
    const broken: Record<string, Record<string, string>> = {
      "cookie without key": { cookie: mine.cookie },
      "key without cookie": { "x-access-key": mine.accessKey },
      "key of another session": { cookie: mine.cookie, "x-access-key": theirs.accessKey },
    };
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const { method, path } of operations) {
      if (SIGNED_BY_THEIR_CALLER.has(`${method} ${path}`)) continue;
      const call = (headers: Record<string, string>) =>
        server.app.inject({
          method,
          url: path.replace(/\{[^}]+\}/g, "1"),
          headers: { ...xhrHeaders, ...headers, "content-type": "application/json" },
          payload: "{}",
        });
      // Operations that need a session: refused without one, not refused for that reason with a whole one.
      if ((await call({})).statusCode !== 401 || (await call(mine.headers)).statusCode === 401) continue;
      checked.push(`${method} ${path}`);
      for (const [what, headers] of Object.entries(broken)) {
        const response = await call(headers);
        if (response.statusCode !== 401) wrong.push(`${method} ${path} with ${what}: ${response.statusCode}`);
      }
    }
    // The extension's writes among them: the memo settings ask for a session before they read the body.
    expect(checked).toEqual(
      expect.arrayContaining([
        "PATCH /api/user-details",
        "POST /api/memo-usage",
        "PUT /api/user-options",
        "POST /api/user-options",
        "PUT /api/user-options/selected",
        "DELETE /api/user-options/{id}",
      ]),
    );
    expect(wrong).toEqual([]);
  });
});

describe("canary secrets", () => {
  it("never writes a password, a security code, a cookie or an access key to the log", async () => {
    const email = "matrix-canary@example.ca";
    const { session } = await registerAccount(server, email, CANARY_ACCOUNT);
    const canaries = [CANARY_PASSWORD, CANARY_NEW_PASSWORD, session.cookie.split("=")[1] ?? "", session.accessKey];

    // Signed-in traffic, good and bad.
    await server.app.inject({ method: "GET", url: "/api/user-details", headers: session.headers });
    await server.app.inject({
      method: "PATCH",
      url: "/api/user-details",
      headers: { ...session.headers, ...xhrHeaders },
      payload: { firstName: CANARY_PASSWORD, lastName: { nested: session.accessKey } },
    });
    await server.app.inject({
      method: "GET",
      url: `/api/user-options?key=${encodeURIComponent(session.accessKey)}`,
      headers: { cookie: session.cookie, "x-access-key": `${session.accessKey}x` },
    });
    // Logins, right and wrong, and a reset with its emailed code.
    for (const password of [CANARY_PASSWORD, `${CANARY_PASSWORD}!`]) {
      await server.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { ...xhrHeaders, authorization: basicAuth(email, password) },
      });
    }
    await server.app.inject({
      method: "POST",
      url: "/api/login/find-user",
      headers: { ...xhrHeaders, authorization: basicAuth(email, "") },
    });
    await server.app.mailWorker.runOnce();
    const mail = server.smtp.inbox.filter((item) => item.to === email && /security code/.test(item.subject)).at(-1);
    if (!mail) throw new Error("no code email");
    const code = readSecurityCode(mail);
    canaries.push(code);
    await server.app.inject({
      method: "POST",
      url: "/api/login/reset-password",
      headers: { ...xhrHeaders, authorization: basicAuth(email, CANARY_NEW_PASSWORD) },
      payload: { secret_code: `${code}0` },
    });
    const reset = await server.app.inject({
      method: "POST",
      url: "/api/login/reset-password",
      headers: { ...xhrHeaders, authorization: basicAuth(email, CANARY_NEW_PASSWORD) },
      payload: { secret_code: code },
    });
    expect(reset.statusCode).toBe(200);
    await server.app.inject({ method: "GET", url: "/api/logout", headers: { ...xhrHeaders, ...session.headers } });

    canaries.push(basicAuth(email, CANARY_PASSWORD).slice(6), basicAuth(email, CANARY_NEW_PASSWORD).slice(6));
    const log = server.logs.text();
    expect(log.length).toBeGreaterThan(1_000);
    for (const canary of canaries) {
      expect(canary.length).toBeGreaterThanOrEqual(8);
      expect(log).not.toContain(canary);
    }
  });
});
