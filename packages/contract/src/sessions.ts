import { z } from "zod/mini";
import { PASSWORD_MAX_LENGTH } from "./account-rules.ts";
import { apiErrorSchema } from "./api.ts";
import { passkeyAuthenticationResponseSchema, secondFactorCodeSchema } from "./mfa.ts";
import { operations, withSchemas } from "./operations.ts";

/** One place the account is signed in, as `GET /api/sessions` lists it (never a secret). */
export const accountSessionSchema = z.object({
  id: z.int(),
  /** Browser and system from the user agent ("Chrome 131", "macOS 15"); empty when it says nothing usable. */
  browser: z.string(),
  system: z.string(),
  isExtension: z.boolean(),
  /** The client address as the server saw it (no geolocation). */
  ipAddress: z.nullable(z.string()),
  startedAt: z.iso.datetime(),
  /** When it was last used, to the hour (the server records use at most hourly). */
  lastActiveAt: z.iso.datetime(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });

/** `DELETE /api/sessions/{id}`. */
export const sessionIdParamsSchema = z.object({
  id: z.pipe(z.string().check(z.regex(/^\d{1,18}$/, "must be a session id")), z.transform(Number)),
});

/** `POST /api/sessions/revoke-others`: how many other sessions were signed out. */
export const revokedSessionsResponseSchema = z.object({ revoked: z.int().check(z.nonnegative()) });

/**
 * `POST /api/change-password`: the current password proves the change is the owner's. An account made with
 * Google or Microsoft has none: it leaves `currentPassword` out and sets its first one after a recent sign-in.
 */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
  // SPEC's rules are checked by the server's service, so each failure gets SPEC's own message.
  newPassword: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH * 8)),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * `POST /api/reauthenticate`: the password, a code (the authenticator app's or a recovery code), or a passkey's
 * answer to `POST /api/reauthenticate/passkey-options` confirms who is at the keyboard before a sensitive action.
 */
export const reauthenticateRequestSchema = z.union([
  z.strictObject({ password: z.string().check(z.minLength(1), z.maxLength(1024)) }),
  z.strictObject({ code: secondFactorCodeSchema }),
  z.strictObject({ passkey: passkeyAuthenticationResponseSchema }),
]);
export type ReauthenticateRequest = z.input<typeof reauthenticateRequestSchema>;

/** The account's sessions' operations (Profile › Security) with their schemas (issue 41). */
export const sessionsOperations = {
  getSessions: withSchemas(operations.getSessions, {
    response: { 200: accountSessionsResponseSchema, 401: apiErrorSchema },
  }),
  revokeSession: withSchemas(operations.revokeSession, {
    params: sessionIdParamsSchema,
    response: {
      200: z.object({ Status: z.literal("Success") }),
      401: apiErrorSchema,
      // Another session than the caller's needs the step-up (issue 53, finding 7).
      403: apiErrorSchema,
      404: apiErrorSchema,
    },
  }),
  revokeOtherSessions: withSchemas(operations.revokeOtherSessions, {
    response: { 200: revokedSessionsResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),
};
