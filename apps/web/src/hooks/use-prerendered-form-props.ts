import { useIsHydrated } from "./use-is-hydrated";

/**
 * Props for controls the server prerenders (decision 033). Until the app has started, a click on them
 * would be lost and a value typed in would be lost when it takes over, so they are disabled and busy
 * until then. The browser tests wait for every busy form and group of buttons (e2e/support/browser.ts).
 */
export function usePrerenderedControlProps() {
  const isHydrated = useIsHydrated();
  return { disabled: !isHydrated, "aria-busy": !isHydrated } as const;
}

/** The same for a form, which also asks for a POST should anything still submit it natively (fields and all, in the URL). */
export function usePrerenderedFormProps() {
  return { ...usePrerenderedControlProps(), method: "post" } as const;
}
