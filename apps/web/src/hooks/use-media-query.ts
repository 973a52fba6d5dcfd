import { startTransition, useEffect, useState } from "react";
import { useIsHydrated } from "./use-is-hydrated";

/**
 * Whether a CSS media query matches now; re-renders when it starts or stops matching.
 * On the server, and while React hydrates a prerendered page, it answers undefined (the server has
 * no screen): the page can then leave the choice to CSS until the browser's answer replaces it, in a
 * transition once hydrated. (With useSyncExternalStore's server snapshot React made that change
 * synchronously, one task it could not slice.)
 */
export function useMediaQuery(query: string): boolean | undefined {
  const isHydrated = useIsHydrated();
  const [matches, setMatches] = useState(() => (isHydrated ? window.matchMedia(query).matches : undefined));
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => startTransition(() => setMatches(list.matches));
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}
