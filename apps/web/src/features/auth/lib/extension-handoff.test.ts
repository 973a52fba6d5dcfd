import { HANDOFF_MESSAGE_TYPE } from "@precis/contract/extension";
import { describe, expect, it, vi } from "vitest";
import { findExtensionMessenger, handOffToExtensions, type SendExtensionMessage } from "./extension-handoff";

const INSTALLED = "abcdefghijklmnopabcdefghijklmnop";
const NOT_INSTALLED = "ponmlkjihgfedcbaponmlkjihgfedcba";

/** Codes as the portal hands them out: a new one per call, so a test can tell which went where. */
function codeCounter() {
  let issued = 0;
  return vi.fn(async (_keepSignedIn: boolean) => {
    issued += 1;
    return `code-${issued}`;
  });
}

describe("handOffToExtensions", () => {
  it("sends each extension id a code of its own, in the contract's message", async () => {
    const requestCode = codeCounter();
    const sendMessage = vi.fn<SendExtensionMessage>(async () => ({ isSignedIn: true }));
    const isSignedIn = await handOffToExtensions({
      extensionIds: [INSTALLED, NOT_INSTALLED],
      keepSignedIn: true,
      sendMessage,
      requestCode,
    });
    expect(isSignedIn).toBe(true);
    expect(requestCode).toHaveBeenCalledTimes(2);
    expect(requestCode).toHaveBeenCalledWith(true);
    const sent = sendMessage.mock.calls.map(([id, message]) => [id, message]);
    expect(sent).toHaveLength(2);
    expect(sent).toEqual(
      expect.arrayContaining([
        [INSTALLED, { type: HANDOFF_MESSAGE_TYPE, code: expect.stringMatching(/^code-/) }],
        [NOT_INSTALLED, { type: HANDOFF_MESSAGE_TYPE, code: expect.stringMatching(/^code-/) }],
      ]),
    );
    expect(new Set(sent.map(([, message]) => (message as { code: string }).code)).size).toBe(2);
  });

  it("is signed in when one extension says so, though another is not installed", async () => {
    const sendMessage: SendExtensionMessage = async (id) => {
      if (id === NOT_INSTALLED) throw new Error("Could not establish connection. Receiving end does not exist.");
      return { isSignedIn: true };
    };
    expect(
      await handOffToExtensions({
        extensionIds: [NOT_INSTALLED, INSTALLED],
        keepSignedIn: false,
        sendMessage,
        requestCode: codeCounter(),
      }),
    ).toBe(true);
  });

  it("is not signed in on a refusal, a reply of another shape, a failed code or silence", async () => {
    const cases: { sendMessage: SendExtensionMessage; requestCode?: () => Promise<string> }[] = [
      { sendMessage: async () => ({ isSignedIn: false }) },
      { sendMessage: async () => "yes" },
      { sendMessage: async () => undefined },
      { sendMessage: async () => ({ isSignedIn: true }), requestCode: () => Promise.reject(new Error("401")) },
      { sendMessage: () => new Promise(() => {}) },
    ];
    for (const { sendMessage, requestCode } of cases) {
      const result = await handOffToExtensions({
        extensionIds: [INSTALLED],
        keepSignedIn: false,
        sendMessage,
        requestCode: requestCode ?? codeCounter(),
        timeoutMs: 20,
      });
      expect(result).toBe(false);
    }
  });

  it("asks for no code without an extension id", async () => {
    const requestCode = codeCounter();
    const sendMessage = vi.fn<SendExtensionMessage>();
    expect(await handOffToExtensions({ extensionIds: [], keepSignedIn: false, sendMessage, requestCode })).toBe(false);
    expect(requestCode).not.toHaveBeenCalled();
    expect(sendMessage).not.toHaveBeenCalled();
  });
});

describe("findExtensionMessenger", () => {
  it("is null where Chrome gives the page no way to reach an extension", () => {
    expect(findExtensionMessenger({})).toBeNull();
    expect(findExtensionMessenger({ chrome: {} })).toBeNull();
    expect(findExtensionMessenger({ chrome: { runtime: {} } })).toBeNull();
  });

  it("resolves with the extension's reply, and rejects with Chrome's lastError", async () => {
    const runtime: { lastError?: { message: string }; sendMessage: (...args: unknown[]) => void } = {
      sendMessage: (id, _message, callback) => {
        runtime.lastError = id === INSTALLED ? undefined : { message: "Receiving end does not exist." };
        (callback as (reply: unknown) => void)(id === INSTALLED ? { isSignedIn: true } : undefined);
        runtime.lastError = undefined;
      },
    };
    const send = findExtensionMessenger({ chrome: { runtime } });
    expect(send).not.toBeNull();
    await expect(send?.(INSTALLED, {})).resolves.toEqual({ isSignedIn: true });
    await expect(send?.(NOT_INSTALLED, {})).rejects.toThrow("Receiving end does not exist.");
  });
});
