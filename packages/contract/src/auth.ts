import { z } from "zod/mini";
import { emailSchema, occupationSchema } from "./profile.ts";

export const languages = ["en", "fr"] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const USERNAME_MAX_LENGTH = 30;
/** SSO usernames are display names without whitespace, cut to 15 characters (SPEC §5). */
export const SSO_USERNAME_MAX_LENGTH = 15;

/** Letters (any script), digits and . _ ' - : what display names and email local parts are made of. */
export const usernameSchema = z
  .string()
  .check(z.trim(), z.regex(/^[\p{L}\p{M}\p{N}._'-]{2,30}$/u, "must be 2 to 30 letters, digits or . _ ' -"));

const optionalText = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max)), "");

/** `POST /api/register` (SPEC §7); `name` is the username and may be left out. */
export const registerRequestSchema = z.strictObject({
  name: z.optional(z.union([usernameSchema, z.literal("")])),
  email: emailSchema,
  // The rules are checked by the service so each failure gets SPEC's own message.
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  organization: optionalText(200),
  role: z._default(occupationSchema, "lawyer"),
  firstName: optionalText(100),
  lastName: optionalText(100),
  areaOfLaw: optionalText(500),
  language: z.optional(languageSchema),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** SPEC's wire shape for the account calls: `Status`, and `Role` or `Error`. */
export const statusResponseSchema = z.object({
  Status: z.literal("Success"),
  Role: z.optional(occupationSchema),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** Machine-readable reasons in the `Error` field; the screens map each to SPEC's sentence. */
export const accountErrorCodes = [
  "emailExists",
  "usernameExists",
  "invalidDetails",
  "invalidPassword",
  "commonPassword",
  "badPassword",
  "userNotFound",
  "invalidCode",
  "tooManyAttempts",
  "invalidToken",
] as const;
export type AccountErrorCode = (typeof accountErrorCodes)[number];

export const failureResponseSchema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
  requestId: z.optional(z.string()),
  Status: z.literal("Failure"),
  Error: z.enum(accountErrorCodes),
});
export type FailureResponse = z.infer<typeof failureResponseSchema>;

/** `POST /api/login/reset-password`: the new password and email travel in the Basic header. */
export const resetPasswordRequestSchema = z.strictObject({
  secret_code: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
});

/** Security codes: upper-case letters and digits without look-alikes (no 0/O, no 1/I). */
export const SECURITY_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const SECURITY_CODE_LENGTH = 8;
