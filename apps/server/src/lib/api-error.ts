import { STATUS_CODES } from "node:http";
import type { ApiError } from "@precis/contract/api";
import type { FastifyReply } from "fastify";

/**
 * The API's one error body (SPEC's `{statusCode, error, message}`, with the request id to quote to support, the
 * fields at fault, and a firm's refusal where one applies). Every refusal goes out through here: the failure tables
 * (operations/failures.ts), the route policy (operations/routes.ts) and the app's error handler.
 */
export function sendApiError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  fields?: ApiError["fields"],
  firmPolicy?: ApiError["firmPolicy"],
  extra?: Readonly<Record<string, string>>,
) {
  const body: ApiError = {
    statusCode,
    error: STATUS_CODES[statusCode] ?? "Error",
    message,
    requestId: String(reply.request.id),
    ...(fields ? { fields } : {}),
    ...(firmPolicy ? { firmPolicy } : {}),
    ...extra,
  };
  return reply.code(statusCode).type("application/json; charset=utf-8").send(body);
}
