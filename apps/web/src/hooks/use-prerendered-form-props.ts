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

/**
 * Props for a form the server prerenders (decision 014). Until the app has started, a value typed in
 * would be lost when it takes over, and a submit would go out natively, fields and all, in the URL.
 * So the form is disabled and busy until then, and a POST should anything still submit it.
 */
export function usePrerenderedFormProps() {
  const isHydrated = useIsHydrated();
  return { disabled: !isHydrated, "aria-busy": !isHydrated, method: "post" } as const;
}
