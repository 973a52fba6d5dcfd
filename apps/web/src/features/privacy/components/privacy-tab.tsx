import { useConfirmIdentity } from "@/components/confirm-identity";
import { useAppState } from "@/lib/app-state";
import { ConsentsPanel } from "./consents-panel";
import { DataExportPanel } from "./data-export-panel";
import { DeleteAccountPanel } from "./delete-account-panel";
import "./privacy.css";

/** Issue 28's privacy controls, the profile's Privacy tab: the account's data, its consents, its deletion. */
export function PrivacyTab() {
  const { profile } = useAppState();
  // One password dialog for the tab's two sensitive actions.
  const { confirmIdentityThen, dialog } = useConfirmIdentity();
  // The profile page renders its tabs only for a signed-in account.
  if (!profile) return null;
  return (
    <div className="privacy-tab">
      <DataExportPanel confirmIdentityThen={confirmIdentityThen} />
      <ConsentsPanel />
      <DeleteAccountPanel profile={profile} confirmIdentityThen={confirmIdentityThen} />
      {dialog}
    </div>
  );
}
