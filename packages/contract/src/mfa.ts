import { z } from "zod/mini";
import { apiErrorSchema } from "./api.ts";
import { failureResponseSchema, statusResponseSchema } from "./auth.ts";
import { operations, withSchemas } from "./operations.ts";
import { occupationSchema } from "./profile.ts";
import { nameTextSchema } from "./text-fields.ts";

/**
 * Second factors (issue 27): an authenticator app (TOTP, RFC 6238) with ten single-use recovery codes, and
 * passkeys (WebAuthn). A password sign-in of an account with the app turned on takes a second step; a passkey
 * sign-in is already two factors (the device and its lock) and takes none.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Two groups of five characters of the security-code alphabet, shown as "ABCDE-FGH23". */
export const RECOVERY_CODE_LENGTH = 10;
export const PASSKEY_NAME_MAX_LENGTH = 60;
export const MAX_PASSKEYS = 20;

/** A code from the authenticator app: six digits (spaces, as some apps show "123 456", are dropped). */
export const totpCodeSchema = z.pipe(
  z.string().check(z.maxLength(16)),
  z.pipe(
    z.transform((code: string) => code.replace(/\s/g, "")),
    z.string().check(z.regex(/^\d{6}$/, "must be the 6 digits the authenticator app shows")),
  ),
);

/** The app's six digits or one recovery code: the server tells them apart by their shape. */
export const secondFactorCodeSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(32));

export const passkeySchema = z.object({
  id: z.int(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.nullable(z.iso.datetime()),
  /** Synced by its provider to the owner's other devices (a backed-up credential), rather than bound to one. */
  isSynced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** `GET /api/mfa`: how the account proves who it is. */
export const mfaStatusResponseSchema = z.object({
  /** False for an account made with Google or Microsoft that has not set a password yet. */
  hasPassword: z.boolean(),
  totp: z.object({ isEnabled: z.boolean(), enabledAt: z.nullable(z.iso.datetime()) }),
  /** Unused recovery codes; 0 while the app is off. */
  recoveryCodesLeft: z.int().check(z.nonnegative()),
  passkeys: z.array(passkeySchema),
});
export type MfaStatus = z.infer<typeof mfaStatusResponseSchema>;

/**
 * `POST /api/mfa/totp/setup` (a recent sign-in needed): a new secret, not yet in force. The page shows the URI
 * as a QR code drawn in the browser, and the secret for typing in by hand.
 */
export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupResponseSchema>;

/** `POST /api/mfa/totp/enable`: a code from the app proves it holds the secret; the app is then in force. */
export const enableTotpRequestSchema = z.strictObject({ code: totpCodeSchema });

/** The ten recovery codes, shown once: after turning the app on, or after `POST /api/mfa/recovery-codes`. */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesResponseSchema>;

/** `POST /api/mfa/totp/disable`: the password, or a code (the app's or a recovery code), turns the app off. */
export const disableTotpRequestSchema = z.union([
  z.strictObject({ password: z.string().check(z.minLength(1), z.maxLength(1024)) }),
  z.strictObject({ code: secondFactorCodeSchema }),
]);
export type DisableTotpRequest = z.input<typeof disableTotpRequestSchema>;

/**
 * `POST /api/mfa/unlock` (no session needed): the token of the link emailed when too many wrong codes in a row locked
 * the second step (decision 042). Opening the link proves the owner reads the account's mail.
 */
export const unlockSecondStepRequestSchema = z.strictObject({
  token: z.string().check(z.regex(/^[\w-]{20,100}$/, "must be the token of the emailed link")),
});

/** The query of the emailed link: `/two-step/unlock?token=…`. */
export const UNLOCK_SECOND_STEP_PATH = "/two-step/unlock";

/** `POST /api/login` when the account has the app turned on: no session yet, the second step needs this token. */
export const secondFactorRequiredResponseSchema = z.object({
  Status: z.literal("SecondFactorRequired"),
  /** Valid for five minutes and five wrong codes; it is not a session and opens nothing by itself. */
  secondFactorToken: z.string(),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredResponseSchema>;

/** `POST /api/login`: a session opened (SPEC's Success), or the second step asked for. */
export const loginResponseSchema = z.union([statusResponseSchema, secondFactorRequiredResponseSchema]);

/** `POST /api/login/second-factor`: the token from the first step and the app's code or a recovery code. */
export const secondFactorRequestSchema = z.strictObject({
  secondFactorToken: z.string().check(z.minLength(1), z.maxLength(100)),
  code: secondFactorCodeSchema,
});
export type SecondFactorRequest = z.input<typeof secondFactorRequestSchema>;

const base64url = (max: number) =>
  z.string().check(z.maxLength(max), z.regex(/^[A-Za-z0-9_-]*={0,2}$/, "must be base64url"));

/** What `navigator.credentials.create()` answered, as @simplewebauthn/browser serialises it. */
export const passkeyRegistrationResponseSchema = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(10))),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.optional(z.string().check(z.maxLength(32))),
});

/** What `navigator.credentials.get()` answered, as @simplewebauthn/browser serialises it. */
export const passkeyAuthenticationResponseSchema = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: z.optional(base64url(256)),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.optional(z.string().check(z.maxLength(32))),
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

/**
 * The options `POST /api/passkeys/registration-options`, `POST /api/login/passkey/options` and
 * `POST /api/reauthenticate/passkey-options` answer: WebAuthn's JSON, handed as is to @simplewebauthn/browser.
 */
export const passkeyOptionsResponseSchema = z.looseObject({ challenge: z.string() });

export const passkeyNameSchema = nameTextSchema(PASSKEY_NAME_MAX_LENGTH).check(z.minLength(1));

/** `POST /api/passkeys` (a recent sign-in needed): the authenticator's answer to the registration options. */
export const addPasskeyRequestSchema = z.strictObject({
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});

/** `PATCH /api/passkeys/{id}`. */
export const renamePasskeyRequestSchema = z.strictObject({ name: passkeyNameSchema });

export const passkeyIdParamsSchema = z.object({
  id: z.pipe(z.string().check(z.regex(/^\d{1,18}$/, "must be a passkey id")), z.transform(Number)),
});

/** `POST /api/login/passkey`: a passkey's answer to the sign-in options; answers as a login does. */
export const passkeyLoginRequestSchema = z.strictObject({ response: passkeyAuthenticationResponseSchema });

/** SPEC's login answer, repeated for the second step and the passkey sign-in. */
export const signedInResponseSchema = z.object({ Status: z.literal("Success"), Role: occupationSchema });

/** The server's refusals of this file's calls, worded once: the pages tell them apart by status and field. */
export const mfaMessages = {
  wrongCode: "That code is not right. Enter the newest code from your authenticator app, or a recovery code.",
  // Issue 43: a spent recovery code is told apart (mfa/second-factor.ts says why that is safe).
  usedRecoveryCode:
    "This recovery code has already been used. Each one works once: enter another of your recovery codes, or the newest code from your authenticator app.",
  signInExpired: "This sign-in has expired. Please login again.",
  totpAlreadyOn: "The authenticator app is already turned on. Turn it off first to set up another one.",
  noTotpSetup: "Start the setup again: no authenticator app is waiting to be confirmed.",
  totpOff: "The authenticator app is not turned on.",
  passkeyNotVerified: "The passkey could not be verified. Try again.",
  unknownPasskey:
    "This passkey is not registered with Precis. Login with your password, then add it under Profile › Security.",
  noSuchPasskey: "There is no such passkey.",
  tooManyPasskeys: `An account can keep at most ${MAX_PASSKEYS} passkeys. Remove one first.`,
  passwordNeeded: "Enter your current password.",
  // Issue 53, finding 6: the way out of the lock is the owner's mailbox (decision 042).
  secondStepLocked:
    "Too many wrong codes were entered for this account. Open the link we emailed you to unlock two-step verification, set a new password with a code sent to your email, or sign in with a passkey.",
  unlockLinkInvalid:
    "This link has expired or was already used. Set a new password with a code sent to your email to unlock two-step verification.",
  // Issue 42, finding 3: nothing is planted on an account whose address nobody has proven yet.
  emailNotVerified: "Verify your email address before you add a second step or a passkey.",
} as const;

/** The refusals every call below that changes a factor shares: no session; no recent sign-in or verified email. */
const secondFactorRefusals = { 401: apiErrorSchema, 403: apiErrorSchema };

/** The second factors' operations (Profile › Security) with their schemas (issue 41). */
export const mfaOperations = {
  getMfaStatus: withSchemas(operations.getMfaStatus, {
    response: { 200: mfaStatusResponseSchema, 401: apiErrorSchema },
  }),
  setUpTotp: withSchemas(operations.setUpTotp, {
    // 409: the app is on already.
    response: { 200: totpSetupResponseSchema, ...secondFactorRefusals, 409: apiErrorSchema },
  }),
  enableTotp: withSchemas(operations.enableTotp, {
    body: enableTotpRequestSchema,
    // 409: no setup to confirm; 429: too many codes guessed.
    response: {
      200: recoveryCodesResponseSchema,
      400: apiErrorSchema,
      ...secondFactorRefusals,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  disableTotp: withSchemas(operations.disableTotp, {
    body: disableTotpRequestSchema,
    response: {
      200: statusResponseSchema,
      400: apiErrorSchema,
      // A wrong password is an account failure, which the screens know by its code; a wrong code is an API error.
      401: z.union([failureResponseSchema, apiErrorSchema]),
      // The second step locked after too many wrong codes.
      403: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  unlockSecondStep: withSchemas(operations.unlockSecondStep, {
    body: unlockSecondStepRequestSchema,
    response: { 200: statusResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
  }),
  regenerateRecoveryCodes: withSchemas(operations.regenerateRecoveryCodes, {
    // 409: the app is off, so there are no codes to renew.
    response: { 200: recoveryCodesResponseSchema, ...secondFactorRefusals, 409: apiErrorSchema },
  }),
  getPasskeyRegistrationOptions: withSchemas(operations.getPasskeyRegistrationOptions, {
    response: { 200: passkeyOptionsResponseSchema, ...secondFactorRefusals },
  }),
  addPasskey: withSchemas(operations.addPasskey, {
    body: addPasskeyRequestSchema,
    // 409: as many passkeys as an account may keep.
    response: { 200: passkeySchema, 400: apiErrorSchema, ...secondFactorRefusals, 409: apiErrorSchema },
  }),
  renamePasskey: withSchemas(operations.renamePasskey, {
    params: passkeyIdParamsSchema,
    body: renamePasskeyRequestSchema,
    response: { 200: passkeySchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),
  removePasskey: withSchemas(operations.removePasskey, {
    params: passkeyIdParamsSchema,
    response: { 200: statusResponseSchema, 400: apiErrorSchema, ...secondFactorRefusals, 404: apiErrorSchema },
  }),
};
