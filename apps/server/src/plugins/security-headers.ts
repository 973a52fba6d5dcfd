import cors from "@fastify/cors";
import { API_PATH_PREFIX } from "@precis/contract/operations";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config.ts";

/**
 * Strict headers on every answer. The CSP allows only this site plus what Stripe's pricing table
 * and Firebase's sign-in popup need to load (https://docs.stripe.com/security/guide#content-security-policy).
 * The headers are the ones helmet sets, computed once at start-up: @fastify/helmet rebuilt (and re-parsed) the
 * whole policy on every request, which cost about a fifth of the API's throughput (see bench/results).
 *
 * JSON answers of the API get the short set OWASP's REST Security Cheat Sheet gives for APIs: the
 * page-only headers (the page's CSP, opener and agent-cluster policies, IE's and Flash's options) mean
 * nothing to a JSON body, and writing them on each of the extension's reads was a tenth of a read's
 * CPU time. The API's own HTML (/api/docs) keeps the page set.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  const pageHeaders = buildSecurityHeaders(config);
  const apiHeaders = buildApiSecurityHeaders(config);
  // One synchronous hook for every fixed header, the request's id among them: each hook of its own, and
  // an async one most of all, costs every request of the extension's reads (issue 8's bench).
  app.addHook("onRequest", (request, reply, done) => {
    const isApiData = request.url.startsWith(API_PATH_PREFIX) && !API_HTML_PATH.test(request.url);
    reply.headers(isApiData ? apiHeaders : pageHeaders);
    reply.header("x-request-id", request.id);
    done();
  });

  // Only the configured origins (the extension among them) may call the API with credentials. A request
  // without an Origin header is not a cross-origin one: it gets no CORS headers, only `Vary: Origin`.
  const allowedOrigins = config.corsOrigins;
  await app.register(cors, {
    origin: (origin: string | undefined, allow: (error: null, origins: string[] | false) => void) =>
      allow(null, origin === undefined ? false : allowedOrigins),
    credentials: true,
    allowedHeaders: ["Content-Type", "Authorization", "X-Access-Key", "X-Requested-With"],
    exposedHeaders: ["X-Access-Key", "X-Request-Id"],
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    maxAge: 600,
  });
}

/** Swagger UI's pages (not /api/docs-feedback, which is JSON). */
const API_HTML_PATH = /^\/api\/docs(?:[/?]|$)/;

/** What every answer carries, JSON or page. */
function buildCommonHeaders(config: AppConfig): Record<string, string> {
  return {
    "cross-origin-resource-policy": "same-origin",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    ...(config.isProduction ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

function buildApiSecurityHeaders(config: AppConfig): Record<string, string> {
  return {
    // Nothing may run or load from an API answer, and no page may frame it.
    "content-security-policy": "default-src 'none';frame-ancestors 'none'",
    ...buildCommonHeaders(config),
  };
}

function buildSecurityHeaders(config: AppConfig): Record<string, string> {
  const firebaseOrigins = config.firebase.authDomain ? [`https://${config.firebase.authDomain}`] : [];
  const emulatorOrigins = config.firebase.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "https://js.stripe.com", "https://apis.google.com"],
    // The server inlines each prerendered page's styles, and antd writes its theme's CSS variables at run time.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https://*.stripe.com"],
    "font-src": ["'self'", "data:"],
    "connect-src": [
      "'self'",
      "https://api.stripe.com",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
      ...emulatorOrigins,
    ],
    "frame-src": ["https://js.stripe.com", "https://hooks.stripe.com", ...firebaseOrigins, ...emulatorOrigins],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    ...(config.isProduction ? { "upgrade-insecure-requests": [] } : {}),
  };
  const policy = Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join(";");
  return {
    ...buildCommonHeaders(config),
    "content-security-policy": policy,
    // The sign-in popup must be able to report back to its opener.
    "cross-origin-opener-policy": "same-origin-allow-popups",
    "origin-agent-cluster": "?1",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  };
}
