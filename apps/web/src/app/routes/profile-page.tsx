import type { ClientConfig } from "@precis/contract/client-config";
import { resolveProfileTab } from "@precis/contract/profile-tabs";
import { lazyWithPreload } from "react-lazy-with-preload";
import { ProfileRoute } from "@/features/profile/routes/profile-route";
import { i18n } from "@/i18n";

/*
 * The profile page, composed here because its tabs belong to three features (decision 006): the profile's own
 * two, the security center (features/security) and the privacy controls (features/privacy). The last two load
 * only when their tab opens, or before the app's first render when the address names them (preloadProfilePage).
 */
const SecurityTab = lazyWithPreload(() =>
  import("@/features/security/components/security-tab").then(({ SecurityTab }) => ({ default: SecurityTab })),
);
const PrivacyTab = lazyWithPreload(() =>
  import("@/features/privacy/components/privacy-tab").then(({ PrivacyTab }) => ({ default: PrivacyTab })),
);

/**
 * The server sends Security and Privacy as signed-in frames too (decision 016): the app's render over one
 * must draw the tab at once, not the "Loading…" of its code and texts in the frame's place.
 */
export async function preloadProfilePage(pathname: string, { productShortName }: ClientConfig) {
  const { tab } = resolveProfileTab(pathname.split("/")[2], productShortName);
  if (tab === "security") {
    await Promise.all([SecurityTab.preload(), i18n.loadNamespaces(["security", "auth", "identity"])]);
  } else if (tab === "privacy") {
    await Promise.all([PrivacyTab.preload(), i18n.loadNamespaces(["privacy", "identity"])]);
  }
}

export function ProfilePage() {
  return <ProfileRoute securityTab={<SecurityTab />} privacyTab={<PrivacyTab />} />;
}
