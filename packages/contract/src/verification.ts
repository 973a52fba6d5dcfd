import { z } from "zod/mini";
import { apiErrorSchema } from "./api.ts";
import { failureResponseSchema } from "./auth.ts";
import { operations, withSchemas } from "./operations.ts";
import { emailSchema } from "./profile.ts";

/**
 * `POST /api/verify-email`. Signed in, `{ code }` checks the newest code the account was sent. The emailed link
 * carries a long random token instead, sent as `{ token }`, and then no session is needed: opening a link signs
 * nothing in. One of the two is required. A code sent to another address than the account's (a school address, for student access) moves the
 * account to that address once it is proven.
 */
export const verifyEmailRequestSchema = z.strictObject({
  /** The code typed in a signed-in page. */
  code: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  /** The emailed link's token (`/verify-email?token=…`): long and random, never the short code (issue 53). */
  token: z.optional(z.string().check(z.regex(/^[\w-]{20,100}$/, "must be the token of the emailed link"))),
});
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

export const verifyEmailResponseSchema = z.object({
  Status: z.literal("Success"),
  /** The account's address, now verified. */
  email: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/**
 * `POST /api/verify-email/resend` (signed in): a new code to the account's own address, or, with `email`, to
 * another address the account wants to prove and move to (a school address, for student access).
 */
export const resendVerificationRequestSchema = z.strictObject({
  email: z.optional(emailSchema),
  /** "school": the address must be at a recognised school (the student-access switch); refused with the reason. */
  purpose: z.optional(z.enum(["school"])),
});

/** The refused field of a school switch to an address at no recognised school (issue 43). */
export const NOT_ACADEMIC_FIELD = "academicDomain";
export type ResendVerificationRequest = z.input<typeof resendVerificationRequestSchema>;

export const resendVerificationResponseSchema = z.object({
  Status: z.literal("Success"),
  /** Where the code went. */
  email: z.string(),
});

/** The query of the emailed link: `/verify-email?email=…&code=…`. */
export const VERIFY_EMAIL_PATH = "/verify-email";

/**
 * `POST /api/email-change/undo` with the token of the link emailed to an account's old address when its address
 * changed (no session needed, none opened): the account gets that address back, every session ends, and the
 * password is voided (issue 42).
 */
export const undoEmailChangeRequestSchema = z.strictObject({
  token: z.string().check(z.regex(/^[\w-]{20,100}$/, "must be the token of the emailed link")),
});
export type UndoEmailChangeRequest = z.input<typeof undoEmailChangeRequestSchema>;

export const undoEmailChangeResponseSchema = z.object({
  Status: z.literal("Success"),
  /** The address the account has again, verified: the one to sign in (and reset the password) with. */
  email: z.string(),
});
export type UndoEmailChangeResponse = z.infer<typeof undoEmailChangeResponseSchema>;

/** The query of the emailed link: `/email-change/undo?token=…`. */
export const UNDO_EMAIL_CHANGE_PATH = "/email-change/undo";

/** Email verification's and the change of address's operations with their schemas (issue 41). */
export const verificationOperations = {
  verifyEmail: withSchemas(operations.verifyEmail, {
    body: verifyEmailRequestSchema,
    response: {
      200: verifyEmailResponseSchema,
      400: apiErrorSchema,
      401: z.union([failureResponseSchema, apiErrorSchema]),
      403: apiErrorSchema,
      409: failureResponseSchema,
      429: apiErrorSchema,
    },
  }),
  resendVerification: withSchemas(operations.resendVerification, {
    body: resendVerificationRequestSchema,
    response: {
      200: resendVerificationResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      409: z.union([failureResponseSchema, apiErrorSchema]),
      429: apiErrorSchema,
    },
  }),
  undoEmailChange: withSchemas(operations.undoEmailChange, {
    body: undoEmailChangeRequestSchema,
    response: {
      200: undoEmailChangeResponseSchema,
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
};
