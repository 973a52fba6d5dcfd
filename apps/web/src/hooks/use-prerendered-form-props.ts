import { useIsHydrated } from "./use-is-hydrated";

/**
 * Props for a form the server prerenders (decision 014). Until the app has started, a value typed in
 * would be lost when it takes over, and a submit would go out natively, fields and all, in the URL.
 * So the form is disabled and busy until then, and a POST should anything still submit it.
 */
export function usePrerenderedFormProps() {
  const isHydrated = useIsHydrated();
  return { disabled: !isHydrated, "aria-busy": !isHydrated, method: "post" } as const;
}
