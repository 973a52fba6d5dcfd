import { z } from "zod/mini";

/** `POST /api/account/delete`: the day the account will be deleted (the grace period's end). */
export const deleteAccountResponseSchema = z.object({
  Status: z.literal("Success"),
  deletionScheduledFor: z.iso.datetime(),
});

/**
 * `POST /api/account/delete/cancel`: with the emailed link's `token` (no session needed), or signed in with an
 * empty body.
 */
export const cancelDeletionRequestSchema = z.strictObject({
  token: z.optional(z.string().check(z.regex(/^[\w-]{20,100}$/, "must be the token of the emailed link"))),
});
