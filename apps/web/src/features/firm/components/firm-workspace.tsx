import { TeamOutlined } from "@ant-design/icons";
import type { Firm } from "@precis/contract/firms";
import { Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useConfirmIdentity } from "@/components/confirm-identity";
import { PanelSection } from "@/components/panel-section";
import { ActivityPanel } from "./activity-panel";
import { BillingPanel } from "./billing-panel";
import { DomainsPanel } from "./domains-panel";
import { FirmSettingsPanel } from "./firm-settings-panel";
import { InvitationsPanel } from "./invitations-panel";
import { MembersPanel } from "./members-panel";
import { PoliciesPanel } from "./policies-panel";
import { PoliciesSummary } from "./policies-summary";
import { RoleTag } from "./role-tag";
import { UsagePanel } from "./usage-panel";

export const FIRM_TABS = [
  "members",
  "invitations",
  "domains",
  "policies",
  "activity",
  "usage",
  "billing",
  "settings",
] as const;
type FirmTab = (typeof FIRM_TABS)[number];

/** A firm as its member sees it: the name and role on top, then what the role may manage, a tab each. */
export function FirmWorkspace({ firm }: { firm: Firm }) {
  const { t } = useTranslation("firm");
  const { confirmIdentityThen, dialog } = useConfirmIdentity();
  const [searchParams, setSearchParams] = useSearchParams();
  const isAdmin = firm.role === "owner" || firm.role === "admin";
  const requested = searchParams.get("tab");
  const tab: FirmTab = FIRM_TABS.find((known) => known === requested) ?? "members";

  const header = (
    <header className="firm-header">
      <TeamOutlined aria-hidden="true" className="firm-header-icon" />
      <div>
        <h1 className="firm-title">{firm.name}</h1>
        <p className="firm-header-meta">
          <span>{t("header.yourRole")}</span> <RoleTag role={firm.role} />
          <span className="firm-header-count">{t("header.memberCount", { count: firm.memberCount })}</span>
        </p>
      </div>
    </header>
  );

  if (!isAdmin) {
    return (
      <>
        {header}
        <div className="firm-member-view">
          <PanelSection look="firm-card" heading={t("memberView.heading")} intro={t("memberView.intro")}>
            <PoliciesSummary policies={firm.policies} />
          </PanelSection>
          <FirmSettingsPanel firm={firm} confirmIdentityThen={confirmIdentityThen} />
        </div>
        {dialog}
      </>
    );
  }

  const panels: Record<FirmTab, React.ReactNode> = {
    members: <MembersPanel firm={firm} confirmIdentityThen={confirmIdentityThen} />,
    invitations: <InvitationsPanel confirmIdentityThen={confirmIdentityThen} />,
    domains: <DomainsPanel confirmIdentityThen={confirmIdentityThen} />,
    policies: <PoliciesPanel firm={firm} confirmIdentityThen={confirmIdentityThen} />,
    activity: <ActivityPanel />,
    usage: <UsagePanel firm={firm} />,
    billing: <BillingPanel firm={firm} />,
    settings: <FirmSettingsPanel firm={firm} confirmIdentityThen={confirmIdentityThen} />,
  };

  return (
    <>
      {header}
      <Tabs
        className="side-tabs"
        // Side tabs; on a phone they stack above the panel (firm.css). A bar of eight across the top would not fit,
        // and antd would put the rest in an overflow menu inside the tab list, where a tab list may hold only tabs.
        tabPlacement="start"
        aria-label={t("tabs.label")}
        activeKey={tab}
        onChange={(key) => setSearchParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={FIRM_TABS.map((key) => ({
          key,
          label: t(`tabs.${key}`),
          children: panels[key],
        }))}
      />
      {dialog}
    </>
  );
}
