import { apiErrorSchema } from "@precis/contract/api";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { sendApiError } from "../lib/api-error.ts";
import { failureStatus } from "../lib/operations/failures.ts";
import { type Access, type RoutePolicy, successStatusOf } from "../lib/operations/routes.ts";
import { enforceRateLimits } from "../modules/rate-limit/enforce.ts";
import { SESSION_NEEDED } from "../modules/sessions/plugin.ts";
import { isRecentlyAuthenticated, REAUTHENTICATION_REQUIRED_MESSAGE } from "../modules/sessions/reauthentication.ts";
import { commonStatuses } from "./common-responses.ts";

/** What a call over a rate limit is told when its route names nothing more precise. */
const TOO_MANY_REQUESTS = "Too many attempts. Please wait and try again.";

/**
 * Applies every route's declared policy (lib/operations/routes.ts) before its handler, after validation: access
 * (401, or the step-up's 403), then the rate limits (429 with Retry-After), then the cache header. It also
 * declares, for the OpenAPI document, the statuses a policy can answer, so that an operation's document lists
 * them without writing them out, and holds each operation's declared statuses to what its route answers
 * (declaredStatusGaps): a route that declares one it never answers, or answers one it does not declare, stops the
 * server at startup. Register it
 * before any route, and before declareCommonResponses, so it reads the contract's own declaration.
 */
export function registerRoutePolicy(app: FastifyInstance) {
  app.decorateRequest("guarded", null);

  app.addHook("onRoute", (route) => {
    const policy = route.config?.policy;
    if (!policy || !route.schema) return;
    if (accessesOf(policy).includes("recentlySignedIn") && route.config?.readsSessionItself)
      throw new Error(`${route.url}: the step-up needs the session read before the handler, not by it`);
    // Before validation, a function of the request would read a body nobody has checked yet.
    if (policy.sessionBeforeBody && typeof policy.access === "function")
      throw new Error(`${route.url}: a session checked before the body needs an access that does not read it`);
    const { neverAnswered, undeclared } = declaredStatusGaps(route, policy);
    const name = `${String(route.method)} ${route.url}`;
    if (neverAnswered.length > 0)
      throw new Error(`${name} declares ${neverAnswered.join(", ")}, which the route never answers: remove it`);
    if (undeclared.length > 0)
      throw new Error(`${name} answers ${undeclared.join(", ")}, which its operation does not declare: declare it`);
    // A copy: the table is the operation's bound schemas in packages/contract, which every caller shares.
    const responses = { ...(route.schema.response as Record<string | number, unknown> | undefined) };
    route.schema.response = responses;
    // The document lists every status the route answers, the policy's from here.
    for (const status of policyStatuses(policy)) if (!(status in responses)) responses[status] = apiErrorSchema;
  });

  // A route that reads the session in its own statement (readsSessionItself) answers 401 itself when the
  // secrets it was handed find none; here only the absence of any secret is refused.
  const hasSession = (request: FastifyRequest) =>
    request.routeOptions.config.readsSessionItself ? Boolean(request.sessionSecrets) : Boolean(request.session);

  app.addHook("preValidation", async (request, reply) => {
    const policy = request.routeOptions.config.policy as RoutePolicy | undefined;
    if (!policy?.sessionBeforeBody) return;
    if (policy.access !== "anyone" && !hasSession(request)) return sendApiError(reply, 401, SESSION_NEEDED);
  });

  app.addHook("preHandler", async (request, reply) => {
    const policy = request.routeOptions.config.policy as RoutePolicy | undefined;
    if (!policy) return;
    const now = app.clock();
    const access = typeof policy.access === "function" ? policy.access(request) : policy.access;
    const { session } = request;
    if (access !== "anyone" && !hasSession(request)) return sendApiError(reply, 401, SESSION_NEEDED);
    if (access === "recentlySignedIn" && session && !isRecentlyAuthenticated(session, now)) {
      return sendApiError(reply, 403, REAUTHENTICATION_REQUIRED_MESSAGE, [
        { path: "reauthentication", message: "is required: the sign-in is older than 15 minutes" },
      ]);
    }
    const countedChecks = policy.rateLimits ? await policy.rateLimits.checks(request, session) : [];
    if (policy.rateLimits) {
      const { message = TOO_MANY_REQUESTS, onRefused } = policy.rateLimits;
      const isAllowed = await enforceRateLimits(app, reply, countedChecks, {
        message,
        ...(onRefused && { onRefused: (check) => onRefused(request, check) }),
      });
      if (!isAllowed) return reply;
    }
    if (policy.cache) reply.header("cache-control", policy.cache);
    request.guarded = { session, now, countedChecks };
  });
}

/** Every access a policy can ask for: one that is a function of the request may ask for either kind of session. */
const accessesOf = (policy: RoutePolicy): readonly Access[] =>
  typeof policy.access === "function" ? ["signedIn", "recentlySignedIn"] : [policy.access];

/** The statuses a policy answers before the handler runs: 401 without a session, the step-up's 403, then 429. */
function policyStatuses(policy: RoutePolicy): number[] {
  const accesses = accessesOf(policy);
  return [
    ...(accesses.some((access) => access !== "anyone") ? [401] : []),
    ...(accesses.includes("recentlySignedIn") ? [403] : []),
    ...(policy.rateLimits ? [429] : []),
  ];
}

/**
 * How an operation's declared statuses (its contract's, which the typed client reads answers with) differ from what
 * its route can answer, found when the route is registered:
 * - `neverAnswered`: declared, yet neither its success, a shared refusal (commonStatuses), its policy's, its failure
 *   table's nor one its handler answers itself (`answersItself`). The server refuses to start with one: the
 *   document would promise it.
 * - `undeclared`: answered by its table or its handler, not declared: the caller's contract would miss it, and the
 *   body would be serialised without a schema of its own. The server refuses to start with one too. The policy's
 *   statuses need not be declared: the layer declares them, with the one error body it answers them with.
 */
function declaredStatusGaps(route: RouteOptions, policy: RoutePolicy) {
  const response = (route.schema?.response ?? {}) as Record<number, unknown>;
  const declared = Object.keys(response).map(Number);
  const own = new Set([...Object.values(policy.failures ?? {}).map(failureStatus), ...(policy.answersItself ?? [])]);
  const answerable = new Set([
    successStatusOf({ schemas: { response } }),
    ...commonStatuses(route),
    ...policyStatuses(policy),
    ...own,
  ]);
  return {
    neverAnswered: declared.filter((status) => !answerable.has(status)),
    undeclared: [...own].filter((status) => !declared.includes(status)).sort((a, b) => a - b),
  };
}
