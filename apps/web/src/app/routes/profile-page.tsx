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
  const loads =
    tab === "security"
      ? [SecurityTab.preload(), i18n.loadNamespaces(["security", "auth", "identity"])]
      : tab === "privacy"
        ? [PrivacyTab.preload(), i18n.loadNamespaces(["privacy", "identity"])]
        : [];
  // Only a head start: a tab that fails to load here is the tab's to report as it renders, never the app's start.
  await Promise.all(loads).catch(() => undefined);
}

export function ProfilePage() {
  return <ProfileRoute securityTab={<SecurityTab />} privacyTab={<PrivacyTab />} />;
}
