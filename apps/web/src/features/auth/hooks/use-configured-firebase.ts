import { useEffect } from "react";
import { type ConfiguredFirebase, loadFirebaseAuth } from "@/features/auth/lib/firebase-sign-in";
import { useClientConfig } from "@/lib/client-config";

/** Why the Google and Microsoft buttons are disabled, as a key of the sso catalogue's `buttons` group. */
export type UnavailableReason = "notConfigured";

/**
 * The Firebase configuration if this site has one (it comes embedded in index.html, as
 * `GET /api/sso/firebase` would answer). Then the SDK is loaded in the background: a popup
 * opened long after the click is blocked by browsers.
 */
export function useConfiguredFirebase():
  | { config: ConfiguredFirebase; unavailableReason: null }
  | { config: null; unavailableReason: UnavailableReason } {
  const { sso } = useClientConfig();
  const config = sso.isConfigured ? sso : null;
  useEffect(() => {
    // A failure here is reported by the click that needs the SDK.
    if (config) loadFirebaseAuth(config).catch(() => {});
  }, [config]);
  return config ? { config, unavailableReason: null } : { config: null, unavailableReason: "notConfigured" };
}
