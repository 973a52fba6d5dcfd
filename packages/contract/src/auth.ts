import { z } from "zod/mini";
import { accountErrorCodes, PROFILE_TEXT_MAX_LENGTH } from "./account-rules.ts";
import { emailSchema, occupationSchema } from "./profile.ts";
import { nameTextSchema, plainTextSchema, withoutInvisibleCharacters } from "./text-fields.ts";

export {
  type AccountErrorCode,
  accountErrorCodes,
  SECURITY_CODE_ALPHABET,
  SECURITY_CODE_LENGTH,
  SSO_USERNAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from "./account-rules.ts";

export const languages = ["en", "fr"] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

/** Letters (any script), digits and . _ ' - : what display names and email local parts are made of. */
export const usernameSchema = z.string().check(
  z.normalize("NFC"),
  z.trim(),
  z.regex(/^[\p{L}\p{M}\p{N}._'-]{2,30}$/u, "must be 2 to 30 letters, digits or . _ ' -"),
  // Some marks draw nothing (the combining grapheme joiner, variation selectors): a name needs none of them.
  withoutInvisibleCharacters(),
);

const optionalText = (max: number) => z._default(plainTextSchema(max), "");
const optionalName = (max: number) => z._default(nameTextSchema(max), "");

/** `POST /api/register` (product §7); `name` is the username and may be left out. */
export const registerRequestSchema = z.strictObject({
  name: z.optional(z.union([usernameSchema, z.literal("")])),
  email: emailSchema,
  // The rules are checked by the service so each failure gets SPEC's own message.
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  organization: optionalText(PROFILE_TEXT_MAX_LENGTH.organization),
  role: z._default(occupationSchema, "lawyer"),
  firstName: optionalName(PROFILE_TEXT_MAX_LENGTH.firstName),
  lastName: optionalName(PROFILE_TEXT_MAX_LENGTH.lastName),
  areaOfLaw: optionalText(PROFILE_TEXT_MAX_LENGTH.areaOfLaw),
  language: z.optional(languageSchema),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** SPEC's wire shape for the account calls: `Status`, and `Role` or `Error`. */
export const statusResponseSchema = z.object({
  Status: z.literal("Success"),
  Role: z.optional(occupationSchema),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

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
