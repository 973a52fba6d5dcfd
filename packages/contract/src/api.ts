import { z } from "zod";

/** Every API error body: a stable code, a readable message, and the request id to quote to support. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  /** For 400s: which fields were wrong, by dotted path. */
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["up", "down"]),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The header that proves a request comes from our own scripts, not a cross-site form. */
export const REQUESTED_WITH_HEADER = "x-requested-with";
export const REQUESTED_WITH_VALUE = "XMLHttpRequest";
export const ACCESS_KEY_HEADER = "x-access-key";
