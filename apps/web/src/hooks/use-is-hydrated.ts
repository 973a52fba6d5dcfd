import { startTransition, useEffect, useState } from "react";

/** True once this tab has rendered without a server's HTML to attach to, or has attached to it. */
let hasStarted = false;

/** For main.tsx: the app renders a page itself, with no server HTML to hydrate (a signed-in frame, say). */
export function startWithoutHydration() {
  hasStarted = true;
}

/**
 * False on the server and while React attaches to the server's HTML; true from the render after, and
 * from the first render of a page the browser renders itself.
 *
 * The render after hydration is a transition, so React does it in slices that yield to the browser. With
 * useSyncExternalStore's server snapshot, React re-rendered every prerendered form synchronously right
 * after hydrating: one task of 40 ms on this machine, four times that on Lighthouse's phone (decision 019).
 */
export function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(hasStarted);
  useEffect(() => {
    // Effects run only in the browser, once React has attached to the HTML.
    hasStarted = true;
    if (!isHydrated) startTransition(() => setIsHydrated(true));
  }, [isHydrated]);
  return isHydrated;
}
