import { z } from "zod/mini";
import { apiErrorSchema } from "./api.ts";
import {
  failureResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  statusResponseSchema,
} from "./auth.ts";
import {
  loginResponseSchema,
  passkeyLoginRequestSchema,
  passkeyOptionsResponseSchema,
  secondFactorRequestSchema,
  signedInResponseSchema,
} from "./mfa.ts";
import { operations, withSchemas } from "./operations.ts";
import { changePasswordRequestSchema, reauthenticateRequestSchema } from "./sessions.ts";

/** An API error, or one of the account failures that the screens and the extension know by their code. */
const apiErrorOrFailureSchema = z.union([failureResponseSchema, apiErrorSchema]);

/**
 * The refusals every one of SPEC's account calls can answer, which answer its `Status`/`Error` bodies; each adds
 * those of its own: a wrong password or code (401), no such account (404), an address or name taken (409).
 */
const accountRefusals = {
  400: apiErrorOrFailureSchema,
  // A firm's sign-in policy refusing this method (issue 44).
  403: apiErrorSchema,
  429: apiErrorSchema,
};

/** A sign-in's second step and a passkey's: signed in, or an API error (expired, wrong, locked, too many). */
const signedInResponses = {
  200: signedInResponseSchema,
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * Registration's, the sign-ins' and the passwords' operations with their schemas (issue 41). In a file of their
 * own: their schemas come from auth.ts, mfa.ts and sessions.ts, and mfa.ts already imports auth.ts.
 */
export const authOperations = {
  register: withSchemas(operations.register, {
    body: registerRequestSchema,
    response: { 200: statusResponseSchema, ...accountRefusals, 409: failureResponseSchema },
  }),
  logIn: withSchemas(operations.logIn, {
    response: { 200: loginResponseSchema, ...accountRefusals, 401: failureResponseSchema, 404: failureResponseSchema },
  }),
  logInSecondFactor: withSchemas(operations.logInSecondFactor, {
    body: secondFactorRequestSchema,
    response: signedInResponses,
  }),
  getPasskeyLoginOptions: withSchemas(operations.getPasskeyLoginOptions, {
    response: { 200: passkeyOptionsResponseSchema, 429: apiErrorSchema },
  }),
  logInWithPasskey: withSchemas(operations.logInWithPasskey, {
    body: passkeyLoginRequestSchema,
    response: signedInResponses,
  }),
  logOut: withSchemas(operations.logOut, {
    response: { 200: statusResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),
  changePassword: withSchemas(operations.changePassword, {
    body: changePasswordRequestSchema,
    response: {
      200: statusResponseSchema,
      400: apiErrorOrFailureSchema,
      401: apiErrorOrFailureSchema,
      403: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  reauthenticate: withSchemas(operations.reauthenticate, {
    body: reauthenticateRequestSchema,
    response: {
      200: statusResponseSchema,
      400: apiErrorSchema,
      401: apiErrorOrFailureSchema,
      // The second step locked after too many wrong codes, or a firm that refuses the password method.
      403: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  getReauthenticationPasskeyOptions: withSchemas(operations.getReauthenticationPasskeyOptions, {
    response: { 200: passkeyOptionsResponseSchema, 401: apiErrorSchema },
  }),
  findUser: withSchemas(operations.findUser, {
    response: { 200: statusResponseSchema, ...accountRefusals, 404: failureResponseSchema },
  }),
  resetPassword: withSchemas(operations.resetPassword, {
    body: resetPasswordRequestSchema,
    response: { 200: statusResponseSchema, ...accountRefusals, 401: failureResponseSchema, 404: failureResponseSchema },
  }),
};
