/**
 * The session the portal handed over (decision 028), in chrome.storage.local: it outlives a browser restart, as the
 * portal's own cookie does, and only this extension's pages and service worker can read it.
 */
export type ExtensionSession = {
  /** The portal that signed the extension in; its API is `${portalOrigin}/api`. */
  portalOrigin: string;
  sessionToken: string;
  accessKey: string;
};

const SESSION_STORAGE_KEY = "precisSession";

export async function readSession(): Promise<ExtensionSession | null> {
  const stored = (await chrome.storage.local.get(SESSION_STORAGE_KEY))[SESSION_STORAGE_KEY] as
    | Partial<ExtensionSession>
    | undefined;
  if (!stored?.portalOrigin || !stored.sessionToken || !stored.accessKey) return null;
  return { portalOrigin: stored.portalOrigin, sessionToken: stored.sessionToken, accessKey: stored.accessKey };
}

export async function saveSession(session: ExtensionSession): Promise<void> {
  await chrome.storage.local.set({ [SESSION_STORAGE_KEY]: session });
}

export async function forgetSession(): Promise<void> {
  await chrome.storage.local.remove(SESSION_STORAGE_KEY);
}
