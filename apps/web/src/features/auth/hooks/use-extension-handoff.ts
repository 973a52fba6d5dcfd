import { useCallback, useEffect, useRef, useState } from "react";
import {
  findExtensionMessenger,
  handOffToExtensions,
  hasChosenKeepExtensionSignedIn,
  readKeepExtensionSignedIn,
  storeKeepExtensionSignedIn,
} from "@/features/auth/lib/extension-handoff";
import { useClientConfig } from "@/lib/client-config";

/**
 * Signs the Precis extension in from a signed-in page (decision 028), once on arrival and again when the person
 * changes "keep the extension signed in". `whenSettled` lets the page wait for the handoff before it navigates
 * away, which would cut it short.
 */
export function useExtensionHandoff() {
  const { extensionIds } = useClientConfig();
  const [keepSignedIn, setKeepSignedIn] = useState(readKeepExtensionSignedIn);
  // A first sign-in of the extension in this browser waits for the person's answer (issue 43): the choice showed
  // only as the page was leaving. Once answered, either way, it is remembered and the page goes on by itself.
  const [hasChosen, setHasChosen] = useState(hasChosenKeepExtensionSignedIn);
  const [isSignedIn, setIsSignedIn] = useState(false);
  const settled = useRef<Promise<unknown>>(Promise.resolve());
  // StrictMode runs effects twice in development: each choice is handed over once, or the extension gets two sessions.
  const handedOffWith = useRef<boolean | null>(null);

  useEffect(() => {
    const sendMessage = findExtensionMessenger();
    if (!sendMessage || extensionIds.length === 0 || handedOffWith.current === keepSignedIn) return;
    handedOffWith.current = keepSignedIn;
    const handoff = handOffToExtensions({ extensionIds, keepSignedIn, sendMessage }).then((answer) => {
      // A later choice's handoff may have answered already; only the latest one speaks.
      if (handedOffWith.current === keepSignedIn) setIsSignedIn(answer);
    });
    settled.current = handoff;
  }, [extensionIds, keepSignedIn]);

  const changeKeepSignedIn = useCallback((next: boolean) => {
    storeKeepExtensionSignedIn(next);
    setKeepSignedIn(next);
    setHasChosen(true);
  }, []);

  /** The person goes on with the choice as it stands: it is their answer, remembered. */
  const confirmChoice = useCallback(() => {
    storeKeepExtensionSignedIn(keepSignedIn);
    setHasChosen(true);
  }, [keepSignedIn]);

  const whenSettled = useCallback(() => settled.current, []);

  return { isSignedIn, keepSignedIn, hasChosen, changeKeepSignedIn, confirmChoice, whenSettled };
}
