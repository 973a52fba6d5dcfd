import { STATUS_CODES } from "node:http";
import { API_BASE_PATH, API_PATH_PREFIX } from "@precis/contract/operations";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isResponseSerializationError } from "fastify-type-provider-zod";
import { sendApiError } from "../lib/api-error.ts";
import { isDatabaseUnavailable } from "../lib/database-errors.ts";

/**
 * A 400 names at most this many problems, each message cut to a line: an invalid body must not be answered
 * with a hundred times its size (a 3 kB memo option set once got 93 kB back).
 */
const MAX_REPORTED_PROBLEMS = 5;
const MAX_PROBLEM_MESSAGE_LENGTH = 200;

/** How long a caller should wait before retrying while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * One error handler for the whole API (register it before any route plugin: child plugins keep
 * the handler that was in force when they were created): clear JSON for the caller's mistakes (4xx), and for our own
 * (5xx) only a request id to quote to support. Stack traces, SQL and internals stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Schema validation failures (body, params, querystring, headers) name every field at fault.
    if (error.validation) {
      const fields = error.validation.flatMap((issue) => {
        const path = [error.validationContext, ...issue.instancePath.split("/").filter(Boolean)].filter(Boolean);
        const message = issue.message ?? "is invalid";
        // A field that may not be sent (e.g. the read-only email) is named itself, not only its parent object.
        const unexpected = issue.keyword === "unrecognized_keys" ? issue.params.keys : undefined;
        if (Array.isArray(unexpected) && unexpected.length > 0) {
          return unexpected.map((key) => ({ path: [...path, String(key)].join("."), message }));
        }
        return [{ path: path.join("."), message }];
      });
      const reported = fields.slice(0, MAX_REPORTED_PROBLEMS).map((field) => ({
        path: field.path.slice(0, MAX_PROBLEM_MESSAGE_LENGTH),
        message: field.message.slice(0, MAX_PROBLEM_MESSAGE_LENGTH),
      }));
      const more = fields.length - reported.length;
      const names = reported.map((field) => field.path).join(", ");
      return sendApiError(
        reply,
        400,
        `Invalid request: check ${names}${more > 0 ? ` (and ${more} more)` : ""}.`,
        reported,
      );
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500 && !isResponseSerializationError(error)) {
      return sendApiError(reply, statusCode, publicMessageFor(error));
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug of ours nor of the caller's: say so, and when to come back (load balancers read it too).
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return sendApiError(reply, 503, "The service is briefly unavailable. Please try again in a moment.");
    }
    request.log.error({ err: error }, "request failed");
    return sendApiError(reply, Math.max(statusCode, 500), "Something went wrong on our side. Please try again later.");
  });
}

export function isApiPathname(pathname: string) {
  return pathname === API_BASE_PATH || pathname.startsWith(API_PATH_PREFIX);
}

export function registerNotFoundHandler(
  app: FastifyInstance,
  handleNonApiNotFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  // An unknown /api path is always a JSON 404, never the app's HTML; every other path belongs to the app.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (isApiPathname(pathname)) {
      return sendApiError(reply, 404, `No API route matches ${request.method} ${pathname}.`);
    }
    return handleNonApiNotFound(request, reply);
  });
}

/** Fastify's own messages for body problems are safe and precise; anything else gets its status text. */
function publicMessageFor(error: FastifyError) {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Send the request body as application/json.";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is empty but the content type says JSON.";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON.";
    default:
      return error.message && error.message.length < 200
        ? error.message
        : (STATUS_CODES[error.statusCode ?? 400] ?? "Bad request");
  }
}
