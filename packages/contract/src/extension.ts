import { z } from "zod/mini";
import { apiErrorSchema } from "./api.ts";
import { operations, withSchemas } from "./operations.ts";
import { occupationSchema } from "./profile.ts";

/**
 * The handoff of a signed-in portal session to the Precis extension (decision 028). The portal page asks for a
 * single-use code, sends it to the extension with `chrome.runtime.sendMessage(extensionId, message)` (only pages
 * the extension's `externally_connectable` lists can), and the extension exchanges it for a session of its own,
 * which it then presents as `Authorization: Bearer <sessionToken>` with `X-Access-Key: <accessKey>`.
 */

export const HANDOFF_CODE_SECONDS = 60;
export const HANDOFF_MESSAGE_TYPE = "precis:handoff";

/** `POST /api/extension/handoff` (signed in on the portal). */
export const handoffRequestSchema = z.strictObject({
  /** Keep the extension signed in when the person logs out of the portal, and the portal when the extension does. */
  keepSignedIn: z._default(z.boolean(), false),
});
export type HandoffRequest = z.input<typeof handoffRequestSchema>;

export const handoffResponseSchema = z.object({
  code: z.string(),
  expiresInSeconds: z.int(),
});
export type HandoffResponse = z.infer<typeof handoffResponseSchema>;

/** What the portal page sends the extension, and what the extension answers. */
export const handoffMessageSchema = z.object({ type: z.literal(HANDOFF_MESSAGE_TYPE), code: z.string() });
export type HandoffMessage = z.infer<typeof handoffMessageSchema>;
export const handoffReplySchema = z.object({ isSignedIn: z.boolean() });
export type HandoffReply = z.infer<typeof handoffReplySchema>;

/** `POST /api/extension/session`, from an allowed extension's origin only. */
export const extensionSessionRequestSchema = z.strictObject({
  code: z.string().check(z.minLength(1), z.maxLength(100)),
});

export const extensionSessionResponseSchema = z.object({
  Status: z.literal("Success"),
  Role: occupationSchema,
  /** The extension's session: sent back as `Authorization: Bearer`, never as a cookie (the browser's cookie jar is the portal's). */
  sessionToken: z.string(),
  accessKey: z.string(),
});
export type ExtensionSessionResponse = z.infer<typeof extensionSessionResponseSchema>;

/** The refusals of both steps: a bad body, no session or a used code, the wrong side asking, too many tries. */
const handoffRefusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

/** The extension's handoff operations with their schemas (issue 41). */
export const extensionOperations = {
  requestHandoffCode: withSchemas(operations.requestHandoffCode, {
    body: handoffRequestSchema,
    response: { 200: handoffResponseSchema, ...handoffRefusals },
  }),
  exchangeHandoffCode: withSchemas(operations.exchangeHandoffCode, {
    body: extensionSessionRequestSchema,
    response: { 200: extensionSessionResponseSchema, ...handoffRefusals },
  }),
};
