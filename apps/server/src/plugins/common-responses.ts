import { apiErrorSchema } from "@precis/contract/api";
import { API_PATH_PREFIX } from "@precis/contract/operations";
import type { FastifyInstance, RouteOptions } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The refusals a route can meet from the server's shared machinery rather than from its operation, which the
 * OpenAPI document lists for every route so that it names every status a caller can meet (issue 30):
 * - 400: a body, path or query that fails its schema, or a body that is not JSON;
 * - 403: a state-changing call without X-Requested-With or from a foreign origin (plugins/cross-site-guard.ts);
 * - 413 and 415: a body over BODY_LIMIT_BYTES, or not JSON;
 * - 500: an error on the server's side, whose details stay in the log (plugins/errors.ts).
 * An operation's own declaration of one of these statuses (a union with SPEC's failure body) is kept.
 */
export function commonStatuses(route: RouteOptions): number[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
  const hasBody = methods.some((method) => BODY_METHODS.has(method));
  const isStateChanging = methods.some((method) => !SAFE_METHODS.has(method)) || route.config?.isStateChangingGet;
  return [
    ...(hasBody || route.schema?.params || route.schema?.querystring ? [400] : []),
    ...(isStateChanging && !route.config?.allowCrossSite ? [403] : []),
    ...(hasBody ? [413, 415] : []),
    500,
  ];
}

/** Declares, on every API route's document, the common statuses it does not declare itself. */
export function declareCommonResponses(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(API_PATH_PREFIX) || !route.schema || route.schema.hide) return;
    // A copy: the table may be an operation's bound schemas in packages/contract, which every caller shares.
    const responses = { ...(route.schema.response as Record<string | number, unknown> | undefined) };
    route.schema.response = responses;
    for (const status of commonStatuses(route)) if (!(status in responses)) responses[status] = apiErrorSchema;
  });
}
