import { useEffect } from "react";
import { useLocation } from "react-router";
import { DOCS_TITLE_ID, isFocusTitleState } from "../lib/docs-focus";

/**
 * A link to a heading (search result, table of contents, a link in the text) moves focus to it, so keyboard
 * and screen-reader users land where sighted users see the page scroll to; a navigation that asks for it
 * (Previous/Next) moves focus to the title. Runs again once the text is there: on a deep link the heading
 * does not exist before.
 */
export function useFocusOnArrival(content: unknown) {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: also on a new navigation to the same hash (key) and once the text is shown (content)
  useEffect(() => {
    const target = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : isFocusTitleState(location.state)
        ? document.getElementById(DOCS_TITLE_ID)
        : null;
    if (!target) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "start" });
  }, [location.hash, location.state, location.key, content]);
}
