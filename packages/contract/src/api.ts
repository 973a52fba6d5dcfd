import { z } from "zod/mini";
import { operations, withSchemas } from "./operations.ts";

/** The facts of a sign-in refused by a firm's policy, so a screen can say them in its reader's language. */
export const firmPolicyRefusalSchema = z.object({
  firmName: z.string(),
  allowedMethods: z.array(z.enum(["password", "google", "microsoft"])),
  adminEmails: z.array(z.string()),
});
export type FirmPolicyRefusal = z.infer<typeof firmPolicyRefusalSchema>;

/** Every API error body: a stable code, a readable message, and the request id to quote to support. */
export const apiErrorSchema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
  requestId: z.optional(z.string()),
  /** For 400s: which fields were wrong, by dotted path. */
  fields: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  /**
   * A sign-in (or what a session does) refused by the account's firm's allowed sign-in methods (issue 53): which
   * firm, the methods it allows, and its owners' and administrators' addresses to ask.
   */
  firmPolicy: z.optional(firmPolicyRefusalSchema),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["up", "down"]),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * Readiness for traffic (GET /api/ready): 200 and "ready" only when the database answers, has every migration this
 * version ships, and the prerender bundle is loaded; 503 otherwise, and "draining" (nothing else checked) once
 * shutdown has begun, so a load balancer stops sending before the instance stops listening.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(["ready", "unavailable", "draining"]),
  database: z.optional(z.enum(["up", "down"])),
  migrations: z.optional(z.enum(["applied", "pending", "unknown"])),
  prerender: z.optional(z.enum(["loaded", "loading", "failed", "missing"])),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

/** Liveness's and readiness's operations with their schemas (issue 41): the same body with 200 or 503. */
export const healthOperations = {
  getHealth: withSchemas(operations.getHealth, {
    response: { 200: healthResponseSchema, 503: healthResponseSchema },
  }),
  getReadiness: withSchemas(operations.getReadiness, {
    response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
  }),
};

export { ACCESS_KEY_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "./boot.ts";
