import type { ReactNode } from "react";
import { type AccountPanelProps, AccountTab } from "@/components/account-tab";
import { renderWithApp } from "@/test-support/render";
import { tabNamespaces } from "./security-tab";

/** For the panels' tests: a panel drawn as the Security tab draws it, with the tab's catalogues and identity dialog. */
export const renderInSecurityTab = (panel: (account: AccountPanelProps) => ReactNode, language: "en" | "fr" = "en") =>
  renderWithApp(
    <AccountTab className="security-tab" namespaces={tabNamespaces}>
      {panel}
    </AccountTab>,
    { language, namespaces: tabNamespaces },
  );
