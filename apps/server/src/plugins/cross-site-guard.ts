import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@precis/contract/api";
import { API_PATH_PREFIX } from "@precis/contract/operations";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config.ts";
import { sendApiError } from "../lib/api-error.ts";

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
  const allowedOrigins = new Set([...originsOf(config.publicUrl), ...config.corsOrigins]);

  // Synchronous: every read passes through it, and an async hook costs each a promise.
  app.addHook("onRequest", (request, reply, done) => {
    const isSafe = SAFE_METHODS.has(request.method) && !request.routeOptions.config.isStateChangingGet;
    if (isSafe || !request.url.startsWith(API_PATH_PREFIX)) return done();
    if (request.routeOptions.config.allowCrossSite) return done();
    // A hook that answers does not call done(), nor returns the reply (which Fastify would take for a promise).
    if (request.headers[REQUESTED_WITH_HEADER] !== REQUESTED_WITH_VALUE) {
      sendApiError(reply, 403, `This request needs the header X-Requested-With: ${REQUESTED_WITH_VALUE}.`);
      return;
    }
    const origin = request.headers.origin;
    // Never compared with the request's Host, which the caller chooses: "Host: evil.example" with
    // "Origin: http://evil.example" would otherwise pass.
    if (origin === "null" || (origin && !allowedOrigins.has(origin))) {
      sendApiError(reply, 403, "Requests from this origin are not allowed.");
      return;
    }
    done();
  });
}

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/**
 * PUBLIC_URL's origin; on a loopback address, under each of its names, so a developer's browser at
 * 127.0.0.1 works beside the default http://localhost:8081 (only this machine can send those).
 */
function originsOf(publicUrl: string) {
  const url = new URL(publicUrl);
  if (!LOOPBACK_NAMES.includes(url.hostname)) return [url.origin];
  return LOOPBACK_NAMES.map((name) => {
    const alias = new URL(url.origin);
    alias.hostname = name;
    return alias.origin;
  });
}
