import { createContext, type ReactNode, useContext, useDeferredValue, useSyncExternalStore } from "react";

/** True by default: a tree rendered without a server's HTML to attach to is never hydrating. */
const IsHydratedContext = createContext(true);

const neverChanges = () => () => {};

/**
 * Tells the app, below it, whether React has attached to the server's HTML (see useIsHydrated).
 *
 * useSyncExternalStore is what tells a hydration from a render: with a server snapshot of false, it
 * answers false on the server and while React hydrates, true otherwise. Once hydrated, React re-renders
 * the component that asked synchronously, in one task it cannot slice: here only this provider, whose
 * deferred value keeps the old answer in that render. The new answer follows in a transition, which
 * React renders in slices that yield to the browser (decision 033). A part of the page that has not
 * hydrated yet when it comes (below a Suspense boundary) is hydrated first with the old answer, as
 * React does for any change above such a part.
 */
export function HydrationStateProvider({ children }: { children: ReactNode }) {
  const isPastHydration = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
  const isHydrated = useDeferredValue(isPastHydration);
  return <IsHydratedContext value={isHydrated}>{children}</IsHydratedContext>;
}

/**
 * False on the server and while React attaches to the server's HTML; true from the render after, and
 * from the first render of a page the browser renders itself.
 */
export function useIsHydrated(): boolean {
  return useContext(IsHydratedContext);
}
