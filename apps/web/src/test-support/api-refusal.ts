import { ApiRequestError } from "@/lib/api-client";

/**
 * For the tests of the failure mappers: a refusal as the server answers it (the contract's generic error body),
 * with its text, the fields it names and its Retry-After.
 */
export const apiRefusal = (
  status: number,
  message: string,
  fields: string[] = [],
  retryAfterSeconds: number | null = null,
) =>
  new ApiRequestError(
    status,
    {
      statusCode: status,
      error: "x",
      message,
      ...(fields.length ? { fields: fields.map((path) => ({ path, message: "x" })) } : {}),
    },
    "/test",
    retryAfterSeconds,
  );
