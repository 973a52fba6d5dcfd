import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/** False on the server and while React attaches to the server's HTML; true from the render after. */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
