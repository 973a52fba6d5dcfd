import { z } from "zod/mini";
import { languageSchema } from "./auth.ts";
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

/** `POST /api/sso/register` (SPEC §3 "SSO completion"); the ID token travels in the Basic header. */
export const ssoRegisterRequestSchema = z.strictObject({
  email: emailSchema,
  role: occupationSchema,
  language: z.optional(languageSchema),
});
