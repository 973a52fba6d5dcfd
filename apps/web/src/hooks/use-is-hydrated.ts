import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False on the server and while React attaches to the server's HTML; true from the render after, and
 * from the first render of a page the browser renders itself (over a signed-in frame, say).
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
