import { useEffect } from "react";
import { useFirebaseConfig } from "@/features/sso/api/get-firebase-config";
import { type ConfiguredFirebase, loadFirebaseAuth } from "@/features/sso/lib/firebase-sign-in";

/** Why the Google and Microsoft buttons are disabled, as a key of the sso catalogue's `buttons` group. */
export type UnavailableReason = "loading" | "notConfigured" | "configFailed";

/**
 * The Firebase configuration once it is known to be usable, or why it is not. Once it is, the SDK
 * is loaded in the background: a popup opened long after the click is blocked by browsers.
 */
export function useConfiguredFirebase():
  | { config: ConfiguredFirebase; unavailableReason: null }
  | { config: null; unavailableReason: UnavailableReason } {
  const query = useFirebaseConfig();
  const config = query.data?.isConfigured ? query.data : null;
  useEffect(() => {
    // A failure here is reported by the click that needs the SDK.
    if (config) loadFirebaseAuth(config).catch(() => {});
  }, [config]);
  if (config) return { config, unavailableReason: null };
  if (query.isPending) return { config: null, unavailableReason: "loading" };
  return { config: null, unavailableReason: query.isError ? "configFailed" : "notConfigured" };
}
