import type { FlatNamespace } from "i18next";
import { AccountTab } from "@/components/account-tab";
import { ConsentsPanel } from "./consents-panel";
import { DataExportPanel } from "./data-export-panel";
import { DeleteAccountPanel } from "./delete-account-panel";
import "./privacy.css";

/** Every text catalogue the tab reads, asked for at once (the profile page asks early when opened on this tab). */
export const tabNamespaces: FlatNamespace[] = ["privacy", "profile", "common", "auth", "identity"];

/**
 * Issue 28's privacy controls, the profile's Privacy tab: the account's data, its consents, its deletion. One
 * password dialog for the tab's two sensitive actions.
 */
export function PrivacyTab() {
  return (
    <AccountTab className="privacy-tab" namespaces={tabNamespaces}>
      {({ profile, confirmIdentityThen }) => (
        <>
          <DataExportPanel confirmIdentityThen={confirmIdentityThen} />
          <ConsentsPanel />
          <DeleteAccountPanel profile={profile} confirmIdentityThen={confirmIdentityThen} />
        </>
      )}
    </AccountTab>
  );
}
