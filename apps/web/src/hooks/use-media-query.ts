import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now; re-renders when it starts or stops matching.
 * Undefined while React hydrates a prerendered page (the server has no screen), so the page can
 * leave the choice to CSS until the browser's answer replaces it on the next render.
 */
export function useMediaQuery(query: string): boolean | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => undefined,
  );
}
