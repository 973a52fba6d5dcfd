import { z } from "zod/mini";
import { languageSchema, SSO_USERNAME_MAX_LENGTH } from "./auth.ts";
import { emailSchema, occupationSchema } from "./profile.ts";

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

/**
 * SPEC §5: the display name with all whitespace removed, cut to 15 characters. Characters a
 * username cannot hold are dropped too, so the result is always a valid username or empty.
 */
export function deriveSsoUsername(displayName: string) {
  return displayName
    .replace(/\s+/gu, "")
    .replace(/[^\p{L}\p{M}\p{N}._'-]/gu, "")
    .slice(0, SSO_USERNAME_MAX_LENGTH);
}
