import type { ApiError } from "@precis/contract/api";
// boot.ts holds the header names without zod: the portal's entry chunk imports this module and must stay zod-free.
import { ACCESS_KEY_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@precis/contract/boot";
import type { HttpMethod } from "@precis/contract/operations";

export type { HttpMethod };
export { ACCESS_KEY_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE };

/** Anything with zod's `parse` (a contract schema, full zod or zod/mini): the client never imports zod itself. */
export type ResponseSchema<TData> = { parse(input: unknown): TData };

/** One call to the API: a path under the API's base URL, and the schema its success body must match. */
export type ApiOperation<TData = unknown> = {
  method?: HttpMethod;
  /** Relative to `apiBaseUrl`, starting with a slash: `/user-details`. */
  path: string;
  /** Serialised as JSON. */
  body?: unknown;
  /**
   * Extra headers (the basic-auth login calls send `Authorization`); an `X-Access-Key` here wins over the stored one,
   * and an `Accept` over JSON (the firm's usage report as CSV).
   */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates the success body; without it the body is returned as `unknown`. */
  schema?: ResponseSchema<TData>;
};

/**
 * How the caller proves who it is.
 * - `cookie`: a portal page. The browser sends the session cookie (same origin only); the access key is read
 *   before each call and any key the server hands back (login, key rotation) is passed to `onAccessKey`.
 * - `bearer`: the extension (decision 028). Its own session token goes as `Authorization: Bearer`, with its
 *   access key; no cookie ever (`credentials: "omit"`), since the browser's cookie jar is the portal's.
 * - `anonymous`: no cookie, no token, no key (the extension exchanging a handoff code for its session).
 */
export type ClientCredentials =
  | { mode: "cookie"; getAccessKey?: () => string | null; onAccessKey?: (accessKey: string) => void }
  | { mode: "bearer"; sessionToken: string; accessKey: string }
  | { mode: "anonymous" };

export type ApiClientOptions = {
  /** Where the API lives: `/api` on the portal's own pages, `https://portal.example/api` from the extension. */
  apiBaseUrl: string;
  credentials: ClientCredentials;
  /** For tests and unusual runtimes; the global fetch by default, looked up at call time. */
  fetch?: typeof fetch;
};

/** The server answered with a status outside 2xx. */
export type HttpFailure = {
  ok: false;
  kind: "http";
  status: number;
  /** The body when it is the API's generic error shape, otherwise null (SPEC's `Status`/`Error` bodies). */
  error: ApiError | null;
  /** The parsed JSON (or text) body, whatever its shape. */
  body: unknown;
  /** From Retry-After on a 429 or 503, so a screen can say how long to wait. */
  retryAfterSeconds: number | null;
};

/** No answer at all: offline, DNS, a refused connection, or the caller aborted (`cause` is then an AbortError). */
export type NetworkFailure = { ok: false; kind: "network"; status: 0; cause: unknown };

/** A 2xx whose body does not match the contract: a server and client out of step. `cause` is the schema's error. */
export type InvalidResponse = { ok: false; kind: "invalid-response"; status: number; body: unknown; cause: unknown };

export type ApiFailure = HttpFailure | NetworkFailure | InvalidResponse;
export type ApiSuccess<TData> = { ok: true; status: number; data: TData; headers: Headers };
export type ApiResult<TData> = ApiSuccess<TData> | ApiFailure;

export type ApiClient = {
  /** Sends the operation and reads its body: JSON parsed and checked by the operation's schema, text as text. */
  request<TData = unknown>(operation: ApiOperation<TData>): Promise<ApiResult<TData>>;
  /** Sends the operation and hands back the response unread, for answers saved as files. */
  requestResponse(operation: Omit<ApiOperation, "schema">): Promise<ApiResult<Response>>;
};

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { credentials } = options;
  const baseUrl = options.apiBaseUrl.replace(/\/+$/, "");

  async function send(operation: ApiOperation<unknown>): Promise<{ ok: true; response: Response } | NetworkFailure> {
    const headers = new Headers(operation.headers);
    // JSON unless the caller asks for another form of the same answer (the usage report's CSV, saved as a file).
    if (!headers.has("Accept")) headers.set("Accept", "application/json");
    // The server's cross-site defence: a foreign form cannot set it without a preflight. Sent on every call,
    // not only on writes, because some GETs change state (GET /api/logout, which SPEC keeps) and need it too.
    headers.set(REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE);
    if (operation.body !== undefined) headers.set("Content-Type", "application/json");
    if (credentials.mode === "bearer") {
      headers.set("Authorization", `Bearer ${credentials.sessionToken}`);
      headers.set(ACCESS_KEY_HEADER, credentials.accessKey);
    } else if (credentials.mode === "cookie") {
      const accessKey = credentials.getAccessKey?.();
      if (accessKey && !headers.has(ACCESS_KEY_HEADER)) headers.set(ACCESS_KEY_HEADER, accessKey);
    }
    const fetchImplementation = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await fetchImplementation(`${baseUrl}${operation.path}`, {
        method: operation.method ?? "GET",
        credentials: credentials.mode === "cookie" ? "same-origin" : "omit",
        headers,
        body: operation.body === undefined ? undefined : JSON.stringify(operation.body),
        signal: operation.signal,
      });
    } catch (cause) {
      return { ok: false, kind: "network", status: 0, cause };
    }
    // Even on an error answer: a login refused for its second step still rotates the key.
    const returnedAccessKey = response.headers.get(ACCESS_KEY_HEADER);
    if (returnedAccessKey && credentials.mode === "cookie") credentials.onAccessKey?.(returnedAccessKey);
    return { ok: true, response };
  }

  async function toHttpFailure(response: Response): Promise<HttpFailure | NetworkFailure> {
    const read = await readBody(response);
    if (!read.ok) return read;
    const { body } = read;
    return {
      ok: false,
      kind: "http",
      status: response.status,
      error: isApiErrorBody(body) ? body : null,
      body,
      retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after")),
    };
  }

  return {
    async request<TData>(operation: ApiOperation<TData>): Promise<ApiResult<TData>> {
      const sent = await send(operation);
      if (!sent.ok) return sent;
      const { response } = sent;
      if (!response.ok) return toHttpFailure(response);
      const read = await readBody(response);
      if (!read.ok) return read;
      const { body } = read;
      if (!operation.schema)
        return { ok: true, status: response.status, data: body as TData, headers: response.headers };
      try {
        return { ok: true, status: response.status, data: operation.schema.parse(body), headers: response.headers };
      } catch (cause) {
        return { ok: false, kind: "invalid-response", status: response.status, body, cause };
      }
    },
    async requestResponse(operation) {
      const sent = await send(operation);
      if (!sent.ok) return sent;
      const { response } = sent;
      if (!response.ok) return toHttpFailure(response);
      return { ok: true, status: response.status, data: response, headers: response.headers };
    },
  };
}

/** The body as JSON when it says so, as text otherwise, null when empty; a connection cut mid-body is a network failure. */
async function readBody(response: Response): Promise<{ ok: true; body: unknown } | NetworkFailure> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    return { ok: false, kind: "network", status: 0, cause };
  }
  if (!text) return { ok: true, body: null };
  if (!(response.headers.get("content-type") ?? "").includes("json")) return { ok: true, body: text };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: true, body: text };
  }
}

/**
 * The fields of the contract's apiErrorSchema, checked by shape rather than by the schema itself: this module
 * is in the portal's entry chunk, which must not bundle zod.
 */
export function isApiErrorBody(body: unknown): body is ApiError {
  if (typeof body !== "object" || body === null) return false;
  const { statusCode, error, message, fields } = body as Record<string, unknown>;
  return (
    Number.isInteger(statusCode) &&
    typeof error === "string" &&
    typeof message === "string" &&
    (fields === undefined || Array.isArray(fields))
  );
}

/**
 * Seconds to wait from a Retry-After header (RFC 9110 §10.2.3: delay seconds or an HTTP date);
 * null when it is missing or unreadable.
 */
export function parseRetryAfter(value: string | null, now: Date = new Date()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // An HTTP date always names its time zone; this keeps Date.parse from reading "-5" as a year.
  if (!/GMT$/i.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}
