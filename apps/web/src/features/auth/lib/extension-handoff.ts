import { apiRequestChecked } from "@/lib/api-client";
import { readStoredValue, writeStoredValue } from "@/lib/browser-storage";

/*
 * The portal's half of the handoff (decision 028): a signed-in page asks the server for a single-use code and sends
 * it to the Precis extension with chrome.runtime.sendMessage; the extension exchanges it for a session of its own.
 * Chrome defines chrome.runtime on a web page only when an installed extension lists the page's origin in its
 * externally_connectable, so on any other browser, or without the extension, nothing is asked for and nothing shows.
 */

/** Remembers "Keep the extension signed in when I log out of the portal" on this browser. */
export const KEEP_EXTENSION_SIGNED_IN_STORAGE_KEY = "precis.keepExtensionSignedIn";

/** Long enough for the extension to exchange its code on a slow line; the page then goes on without it. */
export const EXTENSION_REPLY_TIMEOUT_MS = 5_000;

export type SendExtensionMessage = (extensionId: string, message: unknown) => Promise<unknown>;

export function readKeepExtensionSignedIn(): boolean {
  return readStoredValue("local", KEEP_EXTENSION_SIGNED_IN_STORAGE_KEY) === "true";
}

/** Whether the person ever answered "keep the extension signed in", either way, in this browser. */
export function hasChosenKeepExtensionSignedIn(): boolean {
  return readStoredValue("local", KEEP_EXTENSION_SIGNED_IN_STORAGE_KEY) !== null;
}

export function storeKeepExtensionSignedIn(keepSignedIn: boolean): void {
  writeStoredValue("local", KEEP_EXTENSION_SIGNED_IN_STORAGE_KEY, String(keepSignedIn));
}

type ChromeRuntime = {
  sendMessage?: (extensionId: string, message: unknown, callback: (reply: unknown) => void) => void;
  lastError?: { message?: string };
};

/** chrome.runtime.sendMessage as a promise, or null when no installed extension lets this page reach it. */
export function findExtensionMessenger(scope: object = globalThis): SendExtensionMessage | null {
  const runtime = (scope as { chrome?: { runtime?: ChromeRuntime } }).chrome?.runtime;
  const sendMessage = runtime?.sendMessage;
  if (!runtime || typeof sendMessage !== "function") return null;
  return (extensionId, message) =>
    new Promise((resolve, reject) => {
      // The callback form: it works in every Chromium that has externally_connectable, and lastError (no such
      // extension, or one that did not answer) must be read inside it or Chrome logs it as unchecked.
      sendMessage.call(runtime, extensionId, message, (reply) => {
        const error = runtime.lastError;
        if (error) reject(new Error(error.message ?? "no answer from the extension"));
        else resolve(reply);
      });
    });
}

export async function requestHandoffCodeFromPortal(keepSignedIn: boolean): Promise<string> {
  // Imported on use, like the schemas below: the contract's schemas bring zod with them.
  const { extensionOperations } = await import("@precis/contract/extension");
  return (await apiRequestChecked(extensionOperations.requestHandoffCode, { body: { keepSignedIn } })).code;
}

/**
 * Hands the signed-in session to each extension id: one code each (a code works once), each sent to its id.
 * True when at least one extension answered that it is signed in; never throws, since a page without the extension
 * is the usual case, not an error.
 */
export async function handOffToExtensions(options: {
  extensionIds: readonly string[];
  keepSignedIn: boolean;
  sendMessage: SendExtensionMessage;
  requestCode?: (keepSignedIn: boolean) => Promise<string>;
  timeoutMs?: number;
}): Promise<boolean> {
  const requestCode = options.requestCode ?? requestHandoffCodeFromPortal;
  // The schemas bring zod: loaded only on a page that can reach an extension, not with /greet itself.
  const { HANDOFF_MESSAGE_TYPE, handoffReplySchema } = await import("@precis/contract/extension");
  const answers = await Promise.all(
    options.extensionIds.map(async (extensionId) => {
      try {
        const code = await requestCode(options.keepSignedIn);
        const reply = await withTimeout(
          options.sendMessage(extensionId, { type: HANDOFF_MESSAGE_TYPE, code }),
          options.timeoutMs ?? EXTENSION_REPLY_TIMEOUT_MS,
        );
        const parsed = handoffReplySchema.safeParse(reply);
        return parsed.success && parsed.data.isSignedIn;
      } catch {
        // Not installed, no answer in time, or the portal refused a code: this extension is simply not signed in.
        return false;
      }
    }),
  );
  return answers.some(Boolean);
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the extension did not answer in time")), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
