import { API_BASE_PATH, type Operation } from "@precis/contract/operations";
import { HttpResponse, type HttpResponseResolver, http } from "msw";
import { setupServer } from "msw/node";
import { z } from "zod/mini";

/**
 * The API as the component tests' panels reach it: msw answers their `fetch` at the network edge, so the app's own
 * client, error mapping and queries run as in the browser. A test adds its answers with `apiServer.use(...)`.
 */
export const apiServer = setupServer();

/** An operation of the contract with its answers' schemas (the contract's `withSchemas`). */
type OperationWithSchemas = Operation & { schemas: { response: Record<number, z.ZodMiniType> } };
type ResponsesOf<Op extends OperationWithSchemas> = Op["schemas"]["response"];
// (Not by `keyof`: TypeScript 7 leaves out the keys a schema table spreads in, such as the firms' shared refusals.)
type BodyOf<Op extends OperationWithSchemas, Status extends number> =
  ResponsesOf<Op> extends Record<Status, infer Schema extends z.ZodMiniType> ? z.input<Schema> : never;

const methods = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/** The operation's route for msw: the contract's path under /api, `:id` parameters as both write them. */
export const route = (operation: Operation, resolver: HttpResponseResolver) =>
  methods[operation.method](`${API_BASE_PATH}${operation.path}`, resolver);

/**
 * The operation answers `status` with `body`, which must be what the contract declares for that status: a test
 * cannot stub an answer the server would never send. `until` holds the answer back until it settles, for the
 * states a panel shows while its request runs.
 */
export function answer<Op extends OperationWithSchemas, Status extends number>(
  operation: Op,
  status: Status,
  body: BodyOf<Op, Status>,
  { until, headers }: { until?: Promise<unknown>; headers?: Record<string, string> } = {},
) {
  const schema = operation.schemas.response[status];
  if (!schema) throw new Error(`${operation.method} ${operation.path} declares no ${status} answer`);
  const checked = z.parse(schema, body);
  return route(operation, async () => {
    await until;
    return HttpResponse.json(checked as never, { status, headers });
  });
}

/** The API's generic refusal body (contract/api.ts), with the fields it names. */
export const refusal = (statusCode: number, message: string, fields: string[] = []) => ({
  statusCode,
  error: "x",
  message,
  ...(fields.length ? { fields: fields.map((path) => ({ path, message: "x" })) } : {}),
});

/** A promise the test settles itself: an answer held with `until` goes once the test calls `release()`. */
export function held() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
