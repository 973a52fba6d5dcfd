import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@precis/contract/api";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config.ts";
import { sendApiError } from "./errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** For callers that prove themselves otherwise (Stripe signs its webhooks). */
    allowCrossSite?: boolean;
    /** A GET that changes state (SPEC keeps GET /api/logout) is guarded like any write. */
    isStateChangingGet?: boolean;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery defence for every state-changing API call: a plain HTML form or a
 * foreign page cannot set X-Requested-With without a CORS preflight, which only our origins pass.
 * A foreign Origin header is refused outright as a second line.
 */
export async function registerCrossSiteGuard(app: FastifyInstance, config: AppConfig) {
  const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);

  // Synchronous: every read passes through it, and an async hook costs each a promise.
  app.addHook("onRequest", (request, reply, done) => {
    const isSafe = SAFE_METHODS.has(request.method) && !request.routeOptions.config.isStateChangingGet;
    if (isSafe || !request.url.startsWith("/api/")) return done();
    if (request.routeOptions.config.allowCrossSite) return done();
    // A hook that answers does not call done(), nor returns the reply (which Fastify would take for a promise).
    if (request.headers[REQUESTED_WITH_HEADER] !== REQUESTED_WITH_VALUE) {
      sendApiError(reply, 403, `This request needs the header X-Requested-With: ${REQUESTED_WITH_VALUE}.`);
      return;
    }
    const origin = request.headers.origin;
    if (origin === "null" || (origin && !allowedOrigins.has(origin) && origin !== requestOrigin(request))) {
      sendApiError(reply, 403, "Requests from this origin are not allowed.");
      return;
    }
    done();
  });
}

/** The origin the browser used to reach us (so the same site works on any host name, e.g. 127.0.0.1). */
function requestOrigin(request: { protocol: string; host: string }) {
  return `${request.protocol}://${request.host}`;
}
