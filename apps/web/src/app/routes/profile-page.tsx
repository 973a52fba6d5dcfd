import { PRIVACY_TAB_ID, SECURITY_TAB_ID } from "@precis/contract/profile-tabs";
import type { FlatNamespace } from "i18next";
import { lazy } from "react";
import { ProfileRoute } from "@/features/profile/routes/profile-route";
import { i18n } from "@/i18n";

/*
 * The profile page, composed here because its tabs belong to three features (decision 006): the profile's own
 * two, the security center (features/security) and the privacy controls (features/privacy). The last two load
 * only when their tab opens.
 */
const loadSecurityTab = () => import("@/features/security/components/security-tab");
const loadPrivacyTab = () => import("@/features/privacy/components/privacy-tab");
const SecurityTab = lazy(() => loadSecurityTab().then(({ SecurityTab }) => ({ default: SecurityTab })));
const PrivacyTab = lazy(() => loadPrivacyTab().then(({ PrivacyTab }) => ({ default: PrivacyTab })));

// Opened on one of those tabs (a reload, or a link from an email or the extension), its code and its texts
// download with the page's own instead of once the account has arrived and the page has rendered. A failure is
// the tab's to report: it asks again when it renders.
const loadersByTabId = new Map<string, () => Promise<{ tabNamespaces: FlatNamespace[] }>>([
  [SECURITY_TAB_ID.toLowerCase(), loadSecurityTab],
  [PRIVACY_TAB_ID.toLowerCase(), loadPrivacyTab],
]);
const loadOpenedTab = loadersByTabId.get(globalThis.location?.pathname.split("/")[2]?.toLowerCase() ?? "");
loadOpenedTab?.()
  .then(({ tabNamespaces }) => i18n.loadNamespaces(tabNamespaces))
  .catch(() => {});

export function ProfilePage() {
  return <ProfileRoute securityTab={<SecurityTab />} privacyTab={<PrivacyTab />} />;
}
