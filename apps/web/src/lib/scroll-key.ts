import type { Location } from "react-router";

/**
 * The key ScrollRestoration saves positions under. Every full page load gets the location key
 * "default", so two URLs typed into the same tab would share one saved position (and a #heading
 * link would land where the previous page was left): those fall back to the URL.
 */
export function getScrollKey(location: Location) {
  return location.key === "default" ? `${location.pathname}${location.search}` : location.key;
}
