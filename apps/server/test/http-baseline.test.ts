import { beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, xhrHeaders } from "./harness.ts";
import { productionSettings } from "./legal-settings.ts";
import { useTestServer, withTestServer } from "./support/test-server.ts";

const server = useTestServer({ env: { BODY_LIMIT_BYTES: "2048" } });
beforeAll(async () => {
  // Routes that exist only to exercise the shared plumbing.
  server.app.post("/api/test/echo", async (request) => ({ received: request.body }));
  server.app.get("/api/test/explode", async () => {
    throw new Error('relation "users" violates constraint at /srv/app/secret.ts:42');
  });
  await server.app.ready();
});

describe("health", () => {
  it("answers 200 while the database answers", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "up" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 once the database is gone", async () => {
    // A database of the test's own, which it closes under the running server.
    const database = await openTestDatabase();
    await withTestServer({ database }, async (isolated) => {
      await database.close();
      const response = await isolated.app.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "unavailable", database: "down" });
    });
  });
});

describe("errors", () => {
  it("answers an unknown API path with a JSON 404, never the app's HTML", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/no-such-thing?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({
      statusCode: 404,
      error: "Not Found",
      message: expect.stringContaining("/api/no-such-thing"),
    });
  });

  it("hides the internals of a 5xx and gives a request id instead", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/test/explode" });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.message).toBe("Something went wrong on our side. Please try again later.");
    expect(body.requestId).toBe(response.headers["x-request-id"]);
    expect(response.body).not.toMatch(/users|secret\.ts|constraint|at /);
    expect(server.logs.text()).toContain("secret.ts:42");
  });

  it.each([
    ["malformed JSON", "application/json", '{"a":', 400],
    ["an empty JSON body", "application/json", "", 400],
    ["a prototype-poisoning key", "application/json", '{"__proto__":{"isAdmin":true}}', 400],
    ["a plain-text body", "text/plain", '{"a":1}', 415],
    ["a form body", "application/x-www-form-urlencoded", "a=1", 415],
    ["a multipart body", "multipart/form-data; boundary=x", "--x--", 415],
    ["a body over the size limit", "application/json", JSON.stringify({ text: "x".repeat(4096) }), 413],
  ])("answers %s with a clear %i in JSON", async (_label, contentType, payload, status) => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { ...xhrHeaders, "content-type": contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: status, message: expect.any(String) });
    expect(response.body).not.toMatch(/\n\s+at |node_modules/);
  });
});

describe("cross-site guard", () => {
  const json = { "content-type": "application/json" };

  it("refuses a state-changing call without X-Requested-With", async () => {
    const response = await server.app.inject({ method: "POST", url: "/api/test/echo", headers: json, payload: "{}" });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain("X-Requested-With");
  });

  it("refuses a foreign or opaque Origin even with the header", async () => {
    for (const origin of ["https://evil.example", "null"]) {
      const response = await server.app.inject({
        method: "POST",
        url: "/api/test/echo",
        headers: { ...json, ...xhrHeaders, origin },
        payload: "{}",
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it("accepts our own origin and leaves reads alone", async () => {
    const write = await server.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { ...json, ...xhrHeaders, origin: "http://localhost:8081" },
      payload: '{"a":1}',
    });
    expect(write.statusCode).toBe(200);
    expect(write.json()).toEqual({ received: { a: 1 } });
    const read = await server.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { origin: "https://evil.example" },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("lets only configured origins use credentials across origins", async () => {
    const extension = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
    await withTestServer({ env: { CORS_ORIGINS: extension }, database: server.database }, async (configured) => {
      const preflight = await configured.app.inject({
        method: "OPTIONS",
        url: "/api/user-details",
        headers: {
          origin: extension,
          "access-control-request-method": "PATCH",
          "access-control-request-headers": "x-requested-with,x-access-key",
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers["access-control-allow-origin"]).toBe(extension);
      expect(preflight.headers["access-control-allow-credentials"]).toBe("true");
      const foreign = await configured.app.inject({
        method: "OPTIONS",
        url: "/api/user-details",
        headers: { origin: "https://evil.example", "access-control-request-method": "PATCH" },
      });
      expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();

      // The extension's read may see the access key; a request that is not cross-origin carries no CORS
      // headers at all, only the Vary that keeps caches from mixing the two.
      const extensionRead = await configured.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { origin: extension },
      });
      expect(extensionRead.headers["access-control-allow-origin"]).toBe(extension);
      expect(extensionRead.headers["access-control-allow-credentials"]).toBe("true");
      expect(extensionRead.headers["access-control-expose-headers"]).toBe("X-Access-Key, X-Request-Id");
      const sameOriginRead = await configured.app.inject({ method: "GET", url: "/api/health" });
      expect(sameOriginRead.headers.vary).toBe("Origin");
      expect(Object.keys(sameOriginRead.headers).filter((name) => name.startsWith("access-control-"))).toEqual([]);
    });
  });
});

describe("headers", () => {
  it("gives API answers the short strict set for JSON", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // Page-only headers stay off JSON.
    expect(response.headers["cross-origin-opener-policy"]).toBeUndefined();
    expect(response.headers["x-dns-prefetch-control"]).toBeUndefined();
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    // A JSON route whose path starts like the API's own HTML (/api/docs) is still JSON.
    const feedback = await server.app.inject({ method: "POST", url: "/api/docs-feedback", payload: {} });
    expect(feedback.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    expect(feedback.headers["cross-origin-opener-policy"]).toBeUndefined();
  });

  it("sends strict security headers with pages", async () => {
    // No web build in this suite: the not-built answer at an app path stands in for a page.
    const response = await server.app.inject({ method: "GET", url: "/login" });
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("adds HSTS in production", async () => {
    await withTestServer({ database: server.database, env: productionSettings }, async (production) => {
      const response = await production.app.inject({ method: "GET", url: "/login" });
      expect(response.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
      expect(String(response.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
      const api = await production.app.inject({ method: "GET", url: "/api/health" });
      expect(api.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
    });
  });

  it("gives every answer a request id of its own, logging a well-formed one offered by the caller beside it", async () => {
    const generated = await server.app.inject({ method: "GET", url: "/api/health" });
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const offered = await server.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "lb-trace-12345" },
    });
    expect(offered.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const logged = server.logs.lines.map((line) => JSON.parse(line)).find((entry) => entry.callerRequestId);
    expect(logged).toMatchObject({ callerRequestId: "lb-trace-12345", reqId: offered.headers["x-request-id"] });
    const forged = await server.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": 'x\n{"level":60}' },
    });
    expect(forged.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("compresses large answers for clients that accept it", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.headers["content-encoding"]).toBe("gzip");
  });
});

describe("logs", () => {
  it("never contain cookies, credentials or access keys", async () => {
    const canaries = { cookie: "precis_session=CANARY-COOKIE-91f3", key: "CANARY-KEY-77aa", basic: "Q0FOQVJZLUJBU0lD" };
    await server.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: {
        ...xhrHeaders,
        "content-type": "application/json",
        cookie: canaries.cookie,
        "x-access-key": canaries.key,
        authorization: `Basic ${canaries.basic}`,
      },
      payload: "{}",
    });
    const logged = server.logs.text();
    expect(logged).toContain("/api/test/echo");
    for (const canary of Object.values(canaries)) expect(logged).not.toContain(canary);
  });
});

describe("user details", () => {
  it("answers null for a visitor who is not signed in", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/user-details" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userProfile: null });
  });
});
