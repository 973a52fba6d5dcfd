import { API_BASE_PATH, type OperationName, operations, pathTo } from "@precis/contract/operations";
import { type TestServer, xhrHeaders } from "../harness.ts";

export interface OperationCall {
  body?: object;
  /** The path's parameters (`:id`…). */
  parameters?: Record<string, string>;
  query?: Record<string, string>;
  /** More request headers, beside the page's marker and the caller's session. */
  headers?: Record<string, string>;
}

/**
 * Calls an API operation by its contract name, as the browser app does: at its method and path, with the
 * marker header of the app's requests and the caller's session (none for `null`).
 */
export function callOperation(
  server: TestServer,
  who: { headers: object } | null,
  name: OperationName,
  { body, parameters, query, headers = {} }: OperationCall = {},
) {
  return server.app.inject({
    method: operations[name].method,
    url: `${API_BASE_PATH}${pathTo(operations[name], parameters)}`,
    headers: { ...xhrHeaders, ...(who?.headers ?? {}), ...headers },
    ...(query ? { query } : {}),
    ...(body ? { payload: body } : {}),
  });
}
