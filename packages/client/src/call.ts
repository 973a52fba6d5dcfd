import { type DeclaredOperation, pathTo } from "@precis/contract/operations";
import type { ApiOperation, ResponseSchema } from "./index.ts";

/** An operation of the contract with its schemas bound to it (the contract's `withSchemas`), its 200 answer among them. */
export type BoundOperation = DeclaredOperation & { schemas: { response: { 200: ResponseSchema<unknown> } } };

/** What the operation's 200 answer parses to. */
export type AnswerOf<Operation extends BoundOperation> =
  Operation["schemas"]["response"][200] extends ResponseSchema<infer Data> ? Data : never;

/** What the operation's body schema takes (zod's input type), or nothing for an operation without a body. */
type BodyOf<Operation> = Operation extends { schemas: { body: { _zod: { input: infer Input } } } } ? Input : never;

export type CallOptions<Operation> = {
  /** The values of the operation's path parameters (`:id`), by name. */
  parameters?: Record<string, string>;
  /** Serialised as JSON; left out, no body is sent (`POST /api/memo-usage` from an older extension). */
  body?: BodyOf<Operation>;
  /** The query string, its undefined values left out. */
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * The one way to call an operation of the contract: its method and path (parameters filled and encoded, query
 * added), its body typed by its own schema, and its answer read with its own 200 schema. Pass the result to
 * `client.request(…)`. It replaces one hand-written wrapper per operation, which each said the same again.
 */
export function callTo<Operation extends BoundOperation>(
  operation: Operation,
  options: CallOptions<Operation> = {},
): ApiOperation<AnswerOf<Operation>> {
  const { parameters, query, ...request } = options;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, String(value));
  const path = pathTo(operation, parameters);
  return {
    ...request,
    method: operation.method,
    path: search.size > 0 ? `${path}?${search}` : path,
    schema: operation.schemas.response[200] as ResponseSchema<AnswerOf<Operation>>,
  };
}
