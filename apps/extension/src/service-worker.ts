import { createApiClient } from "@precis/client";
import { callTo } from "@precis/client/call";
import { extensionOperations, type HandoffReply, handoffMessageSchema } from "@precis/contract/extension";
import { isAllowedPortalOrigin } from "./portal-origins.ts";
import { saveSession } from "./session-store.ts";

/** Set by the build from portal-origins.ts: the same list as the manifest's externally_connectable. */
declare const PORTAL_MATCH_PATTERNS: string[];

/**
 * The handoff (decision 028): a portal page sends `{ type: "precis:handoff", code }` with
 * `chrome.runtime.sendMessage(extensionId, message)`, and the extension exchanges the single-use code at the portal
 * that sent it for a session of its own. Chrome delivers messages only from pages externally_connectable lists;
 * the sender's origin is checked here again, so a wider manifest by mistake still gives nothing away, and a message
 * from anywhere else is ignored without a reply.
 */
chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
  const portalOrigin = sender.origin;
  if (!portalOrigin || !isAllowedPortalOrigin(portalOrigin, PORTAL_MATCH_PATTERNS)) return false;
  const handoff = handoffMessageSchema.safeParse(message);
  if (!handoff.success) return false;
  newestHandoff += 1;
  void signIn(portalOrigin, handoff.data.code, newestHandoff).then((isSignedIn) =>
    sendResponse({ isSignedIn } satisfies HandoffReply),
  );
  // The reply comes after the exchange: keep the message channel open until then.
  return true;
});

/**
 * Handoffs can overlap: the portal sends a new one when the person changes "keep signed in" while the first is still
 * being exchanged. The newest one's session is the one kept, whichever exchange finishes last.
 */
let newestHandoff = 0;

async function signIn(portalOrigin: string, code: string, handoffNumber: number): Promise<boolean> {
  // No credentials: the code is the proof, and Chrome sets this request's Origin to the extension's own, which the
  // server checks against EXTENSION_IDS.
  const client = createApiClient({ apiBaseUrl: `${portalOrigin}/api`, credentials: { mode: "anonymous" } });
  const exchanged = await client.request(callTo(extensionOperations.exchangeHandoffCode, { body: { code } }));
  if (!exchanged.ok) return false;
  // A newer handoff is under way or done: its session wins, and this one ends with the portal's logout.
  if (handoffNumber !== newestHandoff) return true;
  // A newer handoff replaces the session held so far, which the portal's logout or its idle expiry then ends.
  await saveSession({ portalOrigin, sessionToken: exchanged.data.sessionToken, accessKey: exchanged.data.accessKey });
  return true;
}
