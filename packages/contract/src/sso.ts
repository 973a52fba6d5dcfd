import { z } from "zod/mini";
import { apiErrorSchema } from "./api.ts";
import { failureResponseSchema, languageSchema, statusResponseSchema } from "./auth.ts";
import { operations, withSchemas } from "./operations.ts";
import { emailSchema, occupationSchema } from "./profile.ts";

export { deriveSsoUsername } from "./account-rules.ts";

/** `GET /api/sso/firebase`: the web configuration that starts Firebase sign-in, or why there is none. */
export const firebaseConfigResponseSchema = z.discriminatedUnion("isConfigured", [
  z.object({
    isConfigured: z.literal(true),
    firebaseConfig: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
    /** Set only outside production, when the Firebase Auth Emulator stands in for Google. */
    emulatorUrl: z.optional(z.string()),
  }),
  z.object({ isConfigured: z.literal(false) }),
]);
export type FirebaseConfigResponse = z.infer<typeof firebaseConfigResponseSchema>;

/** `POST /api/sso/register` (product §3 "SSO completion"); the ID token travels in the Basic header. */
export const ssoRegisterRequestSchema = z.strictObject({
  email: emailSchema,
  role: occupationSchema,
  language: z.optional(languageSchema),
});

/**
 * Google and Microsoft sign-in's operations with their schemas (issue 41). Each POST reads the ID token from HTTP
 * Basic first: 400 without one, 429 past the per-client limit, 401 for a token refused, 503 while the keys are away.
 */
export const ssoOperations = {
  getFirebaseSettings: withSchemas(operations.getFirebaseSettings, {
    response: { 200: firebaseConfigResponseSchema },
  }),
  logInWithSso: withSchemas(operations.logInWithSso, {
    response: {
      200: statusResponseSchema,
      400: apiErrorSchema,
      401: failureResponseSchema,
      // The account's firm allows other sign-in methods.
      403: apiErrorSchema,
      // A new identity: the page offers to register it.
      404: failureResponseSchema,
      429: apiErrorSchema,
      503: apiErrorSchema,
    },
  }),
  registerWithSso: withSchemas(operations.registerWithSso, {
    body: ssoRegisterRequestSchema,
    response: {
      200: statusResponseSchema,
      400: apiErrorSchema,
      401: failureResponseSchema,
      409: failureResponseSchema,
      429: apiErrorSchema,
      503: apiErrorSchema,
    },
  }),
  changeEmailWithSso: withSchemas(operations.changeEmailWithSso, {
    response: {
      200: statusResponseSchema,
      400: apiErrorSchema,
      // No session is an API error; a refused token is an account failure.
      401: z.union([failureResponseSchema, apiErrorSchema]),
      403: apiErrorSchema,
      409: failureResponseSchema,
      429: apiErrorSchema,
      503: apiErrorSchema,
    },
  }),
};
