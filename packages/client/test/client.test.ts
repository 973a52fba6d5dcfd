import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { authOperations } from "@precis/contract/auth-operations";
import { extensionOperations } from "@precis/contract/extension";
import { findSelectedPreset } from "@precis/contract/memo-options";
import { profileOperations } from "@precis/contract/profile";
import { subscriptionOperations } from "@precis/contract/subscription";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod/mini";
import { callTo } from "../src/call.ts";
import { type ApiClientOptions, createApiClient, parseRetryAfter } from "../src/index.ts";

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

/** A client whose network edge is a recording stand-in for fetch. */
function clientAnswering(answer: () => Response | Promise<Response>, options: Partial<ApiClientOptions> = {}) {
  const fetchStandIn = vi.fn<typeof fetch>(async () => answer());
  const client = createApiClient({
    apiBaseUrl: "https://portal.example/api/",
    credentials: { mode: "cookie" },
    fetch: fetchStandIn,
    ...options,
  });
  const lastRequest = () => {
    const [url, init = {}] = fetchStandIn.mock.calls.at(-1) ?? [];
    return { url: String(url), init, headers: new Headers(init.headers) };
  };
  return { client, lastRequest };
}

const entitlement = {
  access: "trial",
  endsAt: null,
  memo: { monthlyLimit: 10, usedThisMonth: 1 },
  needsAcademicEmail: false,
};

describe("cookie mode (the portal's pages)", () => {
  it("sends the same-origin cookie, the XMLHttpRequest marker and the current access key", async () => {
    let accessKey = "first-key";
    const { client, lastRequest } = clientAnswering(() => jsonResponse(200, entitlement), {
      credentials: { mode: "cookie", getAccessKey: () => accessKey },
    });
    await client.request(callTo(subscriptionOperations.getEntitlement));
    expect(lastRequest().url).toBe("https://portal.example/api/entitlement");
    expect(lastRequest().init.credentials).toBe("same-origin");
    expect(lastRequest().headers.get("x-requested-with")).toBe("XMLHttpRequest");
    expect(lastRequest().headers.get("x-access-key")).toBe("first-key");
    expect(lastRequest().headers.has("authorization")).toBe(false);
    // Read at each call, so a key stored by a login in between is used at once.
    accessKey = "second-key";
    await client.request(callTo(subscriptionOperations.getEntitlement));
    expect(lastRequest().headers.get("x-access-key")).toBe("second-key");
  });

  it("lets a caller's own access key header win, and sends none when there is no key", async () => {
    const { client, lastRequest } = clientAnswering(() => jsonResponse(200, {}), {
      credentials: { mode: "cookie", getAccessKey: () => "stored-key" },
    });
    await client.request({ path: "/reauthenticate", headers: { "X-Access-Key": "explicit-key" } });
    expect(lastRequest().headers.get("x-access-key")).toBe("explicit-key");

    const anonymous = clientAnswering(() => jsonResponse(200, {}), { credentials: { mode: "cookie" } });
    await anonymous.client.request({ path: "/user-details" });
    expect(anonymous.lastRequest().headers.has("x-access-key")).toBe(false);
  });

  it("hands over a key the server returns, on an error answer too", async () => {
    const received: string[] = [];
    let status = 200;
    const { client } = clientAnswering(() => jsonResponse(status, {}, { "x-access-key": `key-${status}` }), {
      credentials: { mode: "cookie", onAccessKey: (key) => received.push(key) },
    });
    await client.request({ method: "POST", path: "/login" });
    status = 409;
    await client.request({ method: "POST", path: "/register" });
    expect(received).toEqual(["key-200", "key-409"]);
  });
});

describe("bearer mode (the extension)", () => {
  it("sends its own session as a bearer token with its key, and never a cookie", async () => {
    const { client, lastRequest } = clientAnswering(() => jsonResponse(200, entitlement), {
      credentials: { mode: "bearer", sessionToken: "session-token", accessKey: "extension-key" },
    });
    await client.request(callTo(subscriptionOperations.reportMemoUsage));
    const { init, headers } = lastRequest();
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("omit");
    expect(headers.get("authorization")).toBe("Bearer session-token");
    expect(headers.get("x-access-key")).toBe("extension-key");
    expect(headers.get("x-requested-with")).toBe("XMLHttpRequest");
  });

  it("sends a memo's client-matter code as the body, and no body at all without one", async () => {
    const { client, lastRequest } = clientAnswering(() => jsonResponse(200, entitlement), {
      credentials: { mode: "bearer", sessionToken: "session-token", accessKey: "extension-key" },
    });
    await client.request(callTo(subscriptionOperations.reportMemoUsage, { body: { matter: "2024-017" } }));
    expect(lastRequest().init.body).toBe('{"matter":"2024-017"}');
    expect(lastRequest().headers.get("content-type")).toBe("application/json");
    await client.request(callTo(subscriptionOperations.reportMemoUsage));
    expect(lastRequest().init.body).toBeUndefined();
    expect(lastRequest().headers.has("content-type")).toBe(false);
  });

  it("marks logout, a GET that changes state, as the server requires", async () => {
    const { client, lastRequest } = clientAnswering(() => jsonResponse(200, { Status: "Success" }), {
      credentials: { mode: "bearer", sessionToken: "t", accessKey: "k" },
    });
    const result = await client.request(callTo(authOperations.logOut));
    expect(result).toMatchObject({ ok: true, data: { Status: "Success" } });
    expect(lastRequest().url).toBe("https://portal.example/api/logout");
    expect(lastRequest().headers.get("x-requested-with")).toBe("XMLHttpRequest");
  });
});

describe("results", () => {
  it("validates a success body with the operation's schema and types it", async () => {
    const { client } = clientAnswering(() => jsonResponse(200, { userProfile: null }));
    const result = await client.request(callTo(profileOperations.getUserDetails));
    expect(result).toMatchObject({ ok: true, status: 200, data: { userProfile: null } });
  });

  it("reports a success body that breaks the contract as invalid, with the schema's error", async () => {
    const { client } = clientAnswering(() => jsonResponse(200, { ...entitlement, access: "forever" }));
    const result = await client.request(callTo(subscriptionOperations.getEntitlement));
    if (result.ok || result.kind !== "invalid-response") throw new Error("expected an invalid response");
    expect(result.cause).toBeInstanceOf(Error);
  });

  it("exchanges a handoff code anonymously, its body as JSON", async () => {
    const answer = { Status: "Success", Role: "lawyer", sessionToken: "t", accessKey: "k" };
    const { client, lastRequest } = clientAnswering(() => jsonResponse(200, answer), {
      credentials: { mode: "anonymous" },
    });
    const result = await client.request(
      callTo(extensionOperations.exchangeHandoffCode, { body: { code: "one-time-code" } }),
    );
    expect(lastRequest().init.credentials).toBe("omit");
    expect(lastRequest().headers.has("authorization")).toBe(false);
    expect(lastRequest().headers.has("x-access-key")).toBe(false);
    expect(lastRequest().init.body).toBe('{"code":"one-time-code"}');
    expect(lastRequest().headers.get("content-type")).toBe("application/json");
    expect(result).toMatchObject({ ok: true, data: answer });
  });

  it("types an API error body, and keeps a SPEC-shaped one as its body only", async () => {
    const apiError = { statusCode: 402, error: "Payment Required", message: "You have reached this month's limit." };
    const { client } = clientAnswering(() => jsonResponse(402, apiError, { "retry-after": "30" }));
    expect(await client.request(callTo(subscriptionOperations.reportMemoUsage))).toEqual({
      ok: false,
      kind: "http",
      status: 402,
      error: apiError,
      body: apiError,
      retryAfterSeconds: 30,
    });

    const spec = clientAnswering(() => jsonResponse(409, { Status: "Failure", Error: "emailExists" }));
    expect(await spec.client.request({ method: "POST", path: "/register" })).toMatchObject({
      ok: false,
      status: 409,
      error: null,
      body: { Status: "Failure", Error: "emailExists" },
      retryAfterSeconds: null,
    });
  });

  it("reads an empty body as null and a text body as text", async () => {
    const empty = clientAnswering(() => new Response(null, { status: 204 }));
    expect(await empty.client.request({ path: "/logout" })).toMatchObject({ ok: true, status: 204, data: null });
    const text = clientAnswering(
      () => new Response("plain", { status: 200, headers: { "content-type": "text/plain" } }),
    );
    expect(await text.client.request({ path: "/health" })).toMatchObject({ ok: true, data: "plain" });
  });

  it("asks for JSON, unless the caller asks for another type, as the usage report's CSV download does", async () => {
    const { client, lastRequest } = clientAnswering(() => new Response("month,memos", { status: 200 }));
    await client.request({ path: "/firm/usage" });
    expect(lastRequest().headers.get("accept")).toBe("application/json");
    await client.requestResponse({ path: "/firm/usage", headers: { Accept: "text/csv" } });
    expect(lastRequest().headers.get("accept")).toBe("text/csv");
  });

  it("hands back the unread response for a download", async () => {
    const { client } = clientAnswering(() => new Response("zip bytes", { status: 200 }));
    const result = await client.requestResponse({ path: "/account-export" });
    expect(result.ok && (await result.data.text())).toBe("zip bytes");
  });

  it("is a network failure when nothing answers, without throwing", async () => {
    // A real port that was open a moment ago and no longer is: the connection is refused.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const client = createApiClient({ apiBaseUrl: `http://127.0.0.1:${port}/api`, credentials: { mode: "cookie" } });
    const result = await client.request(callTo(subscriptionOperations.getEntitlement));
    expect(result).toMatchObject({ ok: false, kind: "network", status: 0 });
  });

  it("returns an abort as a network failure whose cause is the AbortError", async () => {
    const { client } = clientAnswering(() => Promise.reject(new DOMException("aborted", "AbortError")));
    const result = await client.request({ path: "/user-details", signal: AbortSignal.abort() });
    expect(result.ok).toBe(false);
    if (result.ok || result.kind !== "network") throw new Error("expected a network failure");
    expect((result.cause as DOMException).name).toBe("AbortError");
  });

  it("takes any schema with parse, zod/mini's included", async () => {
    const { client } = clientAnswering(() => jsonResponse(200, { count: "3" }));
    const result = await client.request({ path: "/count", schema: z.object({ count: z.string() }) });
    expect(result.ok && result.data.count).toBe("3");
  });
});

describe("parseRetryAfter", () => {
  const now = new Date("2026-01-01T12:00:00Z");
  it("reads delay seconds and HTTP dates, never negative, and nothing else", () => {
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter("Thu, 01 Jan 2026 12:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("Thu, 01 Jan 2026 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("-5", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe("findSelectedPreset", () => {
  const preset = (id: number, name: string) => ({ id, name }) as Parameters<typeof findSelectedPreset>[0]["options"][0];
  it("is the preset of selectedOptionId, else the first", () => {
    const options = [preset(1, "Client letter"), preset(2, "For my principal")];
    expect(findSelectedPreset({ options, selectedOptionId: 2 })?.name).toBe("For my principal");
    expect(findSelectedPreset({ options, selectedOptionId: 9 })?.name).toBe("Client letter");
  });
});
