import type { ApiError } from "@precis/contract/api";
import { ACCESS_KEY_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@precis/contract/boot";
import type { z } from "zod/mini";
import { readStoredValue, removeStoredValue, writeStoredValue } from "@/lib/browser-storage";

/** Every API path is relative to this prefix; the server and the dev proxy both serve it. */
export const API_BASE_PATH = "/api";

export const ACCESS_KEY_STORAGE_KEY = "precis.accessKey";

export function getAccessKey(): string | null {
  return readStoredValue("local", ACCESS_KEY_STORAGE_KEY);
}

export function storeAccessKey(accessKey: string): void {
  writeStoredValue("local", ACCESS_KEY_STORAGE_KEY, accessKey);
}

/** Forgets the access key, so later requests go out anonymous (logout). */
export function clearAccessKey(): void {
  removeStoredValue("local", ACCESS_KEY_STORAGE_KEY);
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

/** A non-2xx answer. `body` is the parsed JSON (or text) so callers can read `Status`/`Error` fields. */
export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";
  readonly status: number;
  readonly body: unknown;
  /** From the Retry-After header of a 429 or 503, so screens can say how long to wait. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: unknown, path: string, retryAfterSeconds: number | null = null) {
    super(`Request to ${path} failed with status ${status}`);
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The body when it is one of our generic error bodies, otherwise null (SPEC-shaped endpoints). */
  get apiError(): ApiError | null {
    return isApiErrorBody(this.body) ? this.body : null;
  }
}

/**
 * The fields of contract/api's apiErrorSchema that screens read. A shape check rather than the
 * schema itself: this module is in the entry chunk, which must not bundle zod.
 */
function isApiErrorBody(body: unknown): body is ApiError {
  if (typeof body !== "object" || body === null) return false;
  const { statusCode, error, message, fields } = body as Record<string, unknown>;
  return (
    Number.isInteger(statusCode) &&
    typeof error === "string" &&
    typeof message === "string" &&
    (fields === undefined || Array.isArray(fields))
  );
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

export type ApiRequestOptions<TSchema extends z.ZodMiniType | undefined> = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Serialised as JSON. */
  body?: unknown;
  /** Extra headers, e.g. `Authorization` for the basic-auth login calls. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates the success body; without it the body is returned as `unknown`. */
  schema?: TSchema;
};

type ApiResult<TSchema> = TSchema extends z.ZodMiniType ? z.output<TSchema> : unknown;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const contentType = response.headers.get("content-type") ?? "";
  if (!contentType.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends a request the way every call to `/api` goes out: the session cookie, the XMLHttpRequest marker
 * (the server's CSRF defence) and the stored access key; stores any key the server hands back (login, SSO
 * login, key rotation); and throws ApiRequestError for any answer that is not a success.
 */
async function sendApiRequest(path: string, options: Omit<ApiRequestOptions<undefined>, "schema">): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set("Accept", "application/json");
  headers.set(REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE);
  const accessKey = getAccessKey();
  if (accessKey && !headers.has(ACCESS_KEY_HEADER)) headers.set(ACCESS_KEY_HEADER, accessKey);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");

  const response = await fetch(`${API_BASE_PATH}${path}`, {
    method: options.method ?? "GET",
    credentials: "include",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });

  const returnedAccessKey = response.headers.get(ACCESS_KEY_HEADER);
  if (returnedAccessKey) storeAccessKey(returnedAccessKey);

  if (!response.ok) {
    const body = await readBody(response);
    throw new ApiRequestError(response.status, body, path, parseRetryAfter(response.headers.get("retry-after")));
  }
  return response;
}

/** The one way the app talks to `/api` (see sendApiRequest), for answers the app reads. */
export async function apiRequest<TSchema extends z.ZodMiniType | undefined = undefined>(
  path: string,
  options: ApiRequestOptions<TSchema> = {},
): Promise<ApiResult<TSchema>> {
  const body = await readBody(await sendApiRequest(path, options));
  return (options.schema ? options.schema.parse(body) : body) as ApiResult<TSchema>;
}

/**
 * The file name of a Content-Disposition header (RFC 6266): the UTF-8 `filename*` first, else `filename`;
 * null without one.
 */
export function parseContentDispositionFileName(value: string | null): string | null {
  if (!value) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(value)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: the plain name, if any, is the better answer.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(value);
  return plain?.[1] ?? plain?.[2] ?? null;
}

/**
 * An answer to save as a file rather than to read (the account's data export): its bytes as they came, and
 * the name the server gave it in Content-Disposition.
 */
export async function apiDownload(
  path: string,
  options: Omit<ApiRequestOptions<undefined>, "schema" | "body"> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await sendApiRequest(path, options);
  return {
    blob: await response.blob(),
    fileName: parseContentDispositionFileName(response.headers.get("content-disposition")),
  };
}

/**
 * apiRequest for a call a page makes only when the user acts (log in, SSO): the response schema's
 * module, and zod with it, is imported alongside the request instead of with the page.
 */
export async function apiRequestCheckedBy<TSchema extends z.ZodMiniType>(
  loadSchema: () => Promise<TSchema>,
  path: string,
  options: Omit<ApiRequestOptions<undefined>, "schema"> = {},
): Promise<z.output<TSchema>> {
  const [schema, body] = await Promise.all([loadSchema(), apiRequest(path, options)]);
  return schema.parse(body);
}
