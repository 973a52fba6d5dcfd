import type { FlatNamespace } from "i18next";
import { AccountTab } from "@/components/account-tab";
import { ChangePasswordPanel } from "./change-password-panel";
import { PasskeysPanel } from "./passkeys-panel";
import { SessionsPanel } from "./sessions-panel";
import { TwoStepPanel } from "./two-step-panel";
import "./security.css";

/** Every text catalogue the tab reads, asked for at once (the profile page asks early when opened on this tab). */
export const tabNamespaces: FlatNamespace[] = ["security", "auth", "identity"];

/**
 * Issue 27's security center, the profile's Security tab: where the account is signed in, its password, its
 * two-step verification and its passkeys. The sensitive actions share one confirm-identity dialog.
 */
export function SecurityTab() {
  return (
    <AccountTab className="security-tab" namespaces={tabNamespaces}>
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
