import { lazy } from "react";
import { ProfileRoute } from "@/features/profile/routes/profile-route";

/*
 * The profile page, composed here because its tabs belong to three features (decision 006): the profile's own
 * two, the security center (features/security) and the privacy controls (features/privacy). The last two load
 * only when their tab opens.
 */
const SecurityTab = lazy(() =>
  import("@/features/security/components/security-tab").then(({ SecurityTab }) => ({ default: SecurityTab })),
);
const PrivacyTab = lazy(() =>
  import("@/features/privacy/components/privacy-tab").then(({ PrivacyTab }) => ({ default: PrivacyTab })),
);

export function ProfilePage() {
  return <ProfileRoute securityTab={<SecurityTab />} privacyTab={<PrivacyTab />} />;
}
