import { useConfirmIdentity } from "@/components/confirm-identity";
import { useAppState } from "@/lib/app-state";
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
  const { profile } = useAppState();
  const { confirmIdentityThen, dialog } = useConfirmIdentity();
  // The profile page renders its tabs only for a signed-in account.
  if (!profile) return null;
  return (
    <div className="security-tab">
      <SessionsPanel confirmIdentityThen={confirmIdentityThen} />
      <ChangePasswordPanel confirmIdentityThen={confirmIdentityThen} />
      <TwoStepPanel profile={profile} confirmIdentityThen={confirmIdentityThen} />
      <PasskeysPanel confirmIdentityThen={confirmIdentityThen} isEmailVerified={profile.emailVerified} />
      {dialog}
    </div>
  );
}
