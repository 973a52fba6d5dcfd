import { createContext, startTransition, useContext, useEffect, useState } from "react";
import { useIsHydrated } from "./use-is-hydrated";

/**
 * The screen width a page is rendered for on the server, when it has to choose one: a signed-in
 * frame is laid out for a phone or a wider screen (decision 016). Unset while hydrating in the browser.
 */
export const ServerScreenWidthContext = createContext<number | undefined>(undefined);

/**
 * Whether a CSS media query matches now; re-renders when it starts or stops matching.
 * On the server, and while React hydrates a prerendered page, it answers for the width the page is
 * rendered for, or undefined without one (the server has no screen): the page can then leave the
 * choice to CSS until the browser's answer replaces it, in a transition once hydrated. (With
 * useSyncExternalStore's server snapshot React made that change synchronously, one task it could not
 * slice; decision 019.)
 */
export function useMediaQuery(query: string): boolean | undefined {
  const serverScreenWidth = useContext(ServerScreenWidthContext);
  const isHydrated = useIsHydrated();
  const [matches, setMatches] = useState(() =>
    isHydrated
      ? window.matchMedia(query).matches
      : serverScreenWidth === undefined
        ? undefined
        : matchesWidth(query, serverScreenWidth),
  );
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => startTransition(() => setMatches(list.matches));
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}

/**
 * Whether a query made of `(min-width: Npx)` and `(max-width: Npx)` conditions joined by "and" holds
 * at this width; undefined for any other query, which the server cannot answer.
 */
export function matchesWidth(query: string, width: number): boolean | undefined {
  const conditions = query.split(/\s+and\s+/i);
  let matches = true;
  for (const condition of conditions) {
    const parsed = /^\(\s*(min|max)-width\s*:\s*(\d+(?:\.\d+)?)px\s*\)$/i.exec(condition.trim());
    if (!parsed) return undefined;
    const limit = Number(parsed[2]);
    matches &&= parsed[1]?.toLowerCase() === "min" ? width >= limit : width <= limit;
  }
  return matches;
}
