import { AccountTab } from "@/components/account-tab";
import { ChangePasswordPanel } from "./change-password-panel";
import { PasskeysPanel } from "./passkeys-panel";
import { SessionsPanel } from "./sessions-panel";
import { TwoStepPanel } from "./two-step-panel";
import "./security.css";

/**
 * Issue 27's security center, the profile's Security tab: where the account is signed in, its password, its
 * two-step verification and its passkeys. The sensitive actions share one confirm-identity dialog.
 */
export function SecurityTab() {
  return (
    <AccountTab className="security-tab">
      {({ profile, confirmIdentityThen }) => (
        <>
          <SessionsPanel confirmIdentityThen={confirmIdentityThen} />
          <ChangePasswordPanel confirmIdentityThen={confirmIdentityThen} />
          <TwoStepPanel profile={profile} confirmIdentityThen={confirmIdentityThen} />
          <PasskeysPanel confirmIdentityThen={confirmIdentityThen} isEmailVerified={profile.emailVerified} />
        </>
      )}
    </AccountTab>
  );
}
