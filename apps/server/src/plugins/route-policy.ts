import { apiErrorSchema } from "@precis/contract/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendApiError } from "../lib/api-error.ts";
import type { RoutePolicy } from "../lib/operations/routes.ts";
import { enforceRateLimits } from "../modules/rate-limit/enforce.ts";
import { SESSION_NEEDED } from "../modules/sessions/plugin.ts";
import { isRecentlyAuthenticated, REAUTHENTICATION_REQUIRED_MESSAGE } from "../modules/sessions/reauthentication.ts";

/** What a call over a rate limit is told when its route names nothing more precise. */
const TOO_MANY_REQUESTS = "Too many attempts. Please wait and try again.";

/**
 * Applies every route's declared policy (lib/operations/routes.ts) before its handler, after validation: access
 * (401, or the step-up's 403), then the rate limits (429 with Retry-After), then the cache header. It also
 * declares, for the OpenAPI document, the statuses a policy can answer, so that an operation's document lists
 * them without writing them out. Register it before any route.
 */
export function registerRoutePolicy(app: FastifyInstance) {
  app.decorateRequest("guarded", null);

  app.addHook("onRoute", (route) => {
    const policy = route.config?.policy;
    if (!policy || !route.schema) return;
    const responses = { ...(route.schema.response as Record<string | number, unknown> | undefined) };
    route.schema.response = responses;
    const declare = (status: number) => {
      if (!(status in responses)) responses[status] = apiErrorSchema;
    };
    const accesses = typeof policy.access === "function" ? ["signedIn", "recentlySignedIn"] : [policy.access];
    if (accesses.includes("recentlySignedIn") && route.config?.readsSessionItself)
      throw new Error(`${route.url}: the step-up needs the session read before the handler, not by it`);
    // Before validation, a function of the request would read a body nobody has checked yet.
    if (policy.sessionBeforeBody && typeof policy.access === "function")
      throw new Error(`${route.url}: a session checked before the body needs an access that does not read it`);
    if (!accesses.includes("anyone")) declare(401);
    if (accesses.includes("recentlySignedIn")) declare(403);
    if (policy.rateLimits) declare(429);
    // An entry written from facts is asked with none: its status does not depend on them.
    for (const failure of Object.values(policy.failures ?? {}))
      declare((typeof failure === "function" ? failure({}) : failure).statusCode);
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
