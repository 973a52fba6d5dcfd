import {
  type ApiResult as ClientResult,
  createApiClient,
  isApiErrorBody,
  parseRetryAfter,
  type ResponseSchema,
} from "@precis/client";
import { type BoundOperation, type CallOptions, callTo } from "@precis/client/call";
import type { ApiError } from "@precis/contract/api";
import {
  API_BASE_PATH,
  type DeclaredOperation,
  type OperationName,
  operations,
  pathTo,
} from "@precis/contract/operations";
import type { z } from "zod/mini";
import { readStoredValue, removeStoredValue, writeStoredValue } from "@/lib/browser-storage";
import type { OperationsWith } from "@/lib/contract-operations";

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

/** Seconds to wait from a Retry-After header; the typed client reads it, screens (and tests) use it from here. */
export { parseRetryAfter };

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

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

export type ApiRequestOptions<TSchema extends z.ZodMiniType | undefined> = {
  /** The values of the operation's path parameters (`:id`), by name. */
  parameters?: Record<string, string>;
  /** The query string, its undefined values left out. */
  query?: Record<string, string | number | undefined>;
  /** Serialised as JSON. */
  body?: unknown;
  /** Extra headers, e.g. `Authorization` for the basic-auth login calls. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates the success body; without it the body is returned as `unknown`. */
  schema?: TSchema;
};

type ApiResult<TSchema> = TSchema extends z.ZodMiniType ? z.output<TSchema> : unknown;

/**
 * The portal's pages talk to `/api` through the typed client of packages/client, in cookie mode: the session
 * cookie, the XMLHttpRequest marker (the server's CSRF defence) and the stored access key go out with every
 * call, and any key the server hands back (login, SSO login, key rotation) is stored.
 */
const portalClient = createApiClient({
  apiBaseUrl: API_BASE_PATH,
  credentials: { mode: "cookie", getAccessKey, onAccessKey: storeAccessKey },
});

/**
 * The client's typed results as this app's callers expect them (TanStack Query and the forms): the value, or
 * ApiRequestError for an answer that is not a success; a failed connection or abort throws what fetch threw, and a
 * body that breaks its schema throws the schema's error.
 */
function unwrap<TData>(result: ClientResult<TData>, path: string): TData {
  if (result.ok) return result.data;
  if (result.kind === "http") throw new ApiRequestError(result.status, result.body, path, result.retryAfterSeconds);
  throw result.cause;
}

/** The one way the app talks to `/api` (see portalClient), for answers the app reads: an operation of the contract, by name. */
export async function apiRequest<TSchema extends z.ZodMiniType | undefined = undefined>(
  operation: DeclaredOperation,
  options: ApiRequestOptions<TSchema> = {},
): Promise<ApiResult<TSchema>> {
  const { schema, ...request } = options;
  // The contract's call (packages/client's callTo), with the schema the caller chose, or none.
  const call = { ...callTo(withAnswer(operation, schema), request as CallOptions<BoundOperation>) };
  return unwrap(await portalClient.request(call), call.path) as ApiResult<TSchema>;
}

/** The operation with `schema` as its 200 answer (none: the body is returned unread, as `unknown`). */
const withAnswer = (operation: DeclaredOperation, schema: ResponseSchema<unknown> | undefined): BoundOperation => ({
  ...operation,
  schemas: { response: { 200: schema ?? { parse: (body: unknown) => body } } },
});

/** An operation of the contract with its schemas bound to it (the contract's `withSchemas`), its 200 answer among them. */
type OperationWithAnswer = DeclaredOperation & { schemas: { response: { 200: z.ZodMiniType } } };
type AnswerOf<Operation extends OperationWithAnswer> = z.output<Operation["schemas"]["response"][200]>;

/**
 * apiRequest for an operation whose schemas the page already loads (its feature's table of the contract): the
 * answer is read with the operation's own 200 schema, so no call site names the schema again.
 */
export function apiRequestChecked<Operation extends OperationWithAnswer>(
  operation: Operation,
  options: Omit<ApiRequestOptions<undefined>, "schema"> = {},
): Promise<AnswerOf<Operation>> {
  // With a schema, ApiResult is the schema's output; TypeScript does not resolve that for a generic operation.
  return apiRequest(operation, { ...options, schema: operation.schemas.response[200] }) as Promise<AnswerOf<Operation>>;
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
  operation: DeclaredOperation,
  options: Omit<ApiRequestOptions<undefined>, "schema" | "body" | "parameters"> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const path = pathTo(operation);
  const response = unwrap(await portalClient.requestResponse({ ...options, method: operation.method, path }), path);
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
  operation: DeclaredOperation,
  options: Omit<ApiRequestOptions<undefined>, "schema"> = {},
): Promise<z.output<TSchema>> {
  const [schema, body] = await Promise.all([loadSchema(), apiRequest(operation, options)]);
  return schema.parse(body);
}

/**
 * apiRequestCheckedBy for the operation `name` of a contract table loaded on demand (lib/contract-operations.ts):
 * its 200 answer read with that table's schema.
 */
export function apiRequestTo<Name extends OperationName, Table extends OperationsWith<Name>>(
  loadTable: () => Promise<Table>,
  name: Name,
  options: Omit<ApiRequestOptions<undefined>, "schema"> = {},
): Promise<z.output<Table[Name]["schemas"]["response"][200]>> {
  return apiRequestCheckedBy<Table[Name]["schemas"]["response"][200]>(
    () => loadTable().then((table) => table[name].schemas.response[200]),
    operations[name],
    options,
  );
}
