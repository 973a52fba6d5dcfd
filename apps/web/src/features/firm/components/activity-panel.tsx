import { DownloadOutlined, HistoryOutlined } from "@ant-design/icons";
import type { FirmAuditEvent } from "@precis/contract/firms";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { PanelNews, usePanelNews } from "@/components/panel-news";
import { PanelSection } from "@/components/panel-section";
import { getCurrentLanguage } from "@/i18n";
import { formatDateTime } from "@/lib/format-date";
import { useDownloadFirmAudit } from "../api/download-firm-audit";
import { useFirmAudit } from "../api/get-firm-audit";
import { FirmFailureNotice, useFirmFailureText } from "./firm-failure";
import { FirmList, ListLoadFailure } from "./panel-parts";

type T = ReturnType<typeof useTranslation<"firm">>["t"];

const isRole = (value: unknown): value is "owner" | "admin" | "member" =>
  value === "owner" || value === "admin" || value === "member";
const isJoinMode = (value: unknown): value is "invitation" | "suggest" | "automatic" =>
  value === "invitation" || value === "suggest" || value === "automatic";
const POLICY_KEYS = ["requireTwoStep", "signInMethods", "matterCodes", "matterMask"] as const;
type PolicyKey = (typeof POLICY_KEYS)[number];

/** A policy's value as the trail stores it (JSON), read back in the page's words. */
function describePolicyValue(policy: PolicyKey, json: unknown, t: T): string {
  let value: unknown = json;
  try {
    value = typeof json === "string" ? JSON.parse(json) : json;
  } catch {
    // Not JSON: shown as it was stored.
  }
  if (policy === "requireTwoStep") return t(value ? "activity.values.on" : "activity.values.off");
  if (policy === "signInMethods" && Array.isArray(value)) {
    return value
      .map((method: unknown) =>
        method === "password" || method === "google" || method === "microsoft"
          ? t(`policies.methods.${method}`)
          : String(method),
      )
      .join(", ");
  }
  if (policy === "matterCodes" && (value === "off" || value === "optional" || value === "required")) {
    return t(`policies.matterModes.${value}`);
  }
  return value === null || value === undefined ? t("activity.values.none") : String(value);
}

function describeEvent(event: FirmAuditEvent, t: T): string {
  const details = event.details;
  const actor = event.actor?.name ?? t("activity.someone");
  const subject = event.subject?.name ?? t("activity.someone");
  const role = (value: unknown) => (isRole(value) ? t(`roles.${value}`) : t("activity.values.none"));
  const mode = (value: unknown) => (isJoinMode(value) ? t(`domains.modes.${value}`) : t("activity.values.none"));
  const email = typeof details.email === "string" ? details.email : t("activity.anAddress");
  const domain = String(details.domain ?? "");
  switch (event.event) {
    case "firm_created":
      return t("activity.events.firm_created", { actor, name: String(details.name ?? "") });
    case "firm_renamed":
      return t("activity.events.firm_renamed", {
        actor,
        from: String(details.from ?? ""),
        to: String(details.to ?? ""),
      });
    case "policy_changed": {
      const policy = POLICY_KEYS.find((key) => key === details.policy);
      if (!policy) return t("activity.events.policy_changed_other", { actor });
      return t("activity.events.policy_changed", {
        actor,
        policy: t(`activity.policies.${policy}`),
        from: describePolicyValue(policy, details.from, t),
        to: describePolicyValue(policy, details.to, t),
      });
    }
    case "invitation_sent":
      return t("activity.events.invitation_sent", { actor, email, role: role(details.role) });
    case "invitation_resent":
      return t("activity.events.invitation_resent", { actor, email });
    case "invitation_revoked":
      return t("activity.events.invitation_revoked", { actor, email });
    case "invitation_declined":
      return t("activity.events.invitation_declined", { email });
    case "member_sessions_ended":
      return t("activity.events.member_sessions_ended", { actor, subject });
    case "invitation_accepted":
      return t("activity.events.invitation_accepted", { subject, role: role(details.role) });
    case "member_joined":
      return t("activity.events.member_joined", { subject, domain });
    case "member_left":
      return t("activity.events.member_left", { subject });
    case "member_removed":
      return t("activity.events.member_removed", { actor, subject });
    case "role_changed":
      return t("activity.events.role_changed", { actor, subject, from: role(details.from), to: role(details.to) });
    case "ownership_transferred":
      return t("activity.events.ownership_transferred", { actor, subject });
    case "domain_added":
      return t("activity.events.domain_added", { actor, domain, mode: mode(details.joinMode) });
    case "domain_changed":
      return t("activity.events.domain_changed", { actor, domain, from: mode(details.from), to: mode(details.to) });
    case "domain_removed":
      return t("activity.events.domain_removed", { actor, domain });
    case "domain_proven":
      return t("activity.events.domain_proven", { domain });
    case "domain_returned_to_invitation":
      return t(
        details.reason === "recordMissing"
          ? "activity.events.domain_returned_record_missing"
          : "activity.events.domain_returned_never_proven",
        { domain, from: mode(details.from) },
      );
    case "seat_refused":
      return t("billing.activity.seatRefused", { subject, domain });
    case "enterprise_connection_added":
    case "enterprise_connection_changed":
    case "enterprise_connection_removed":
    case "enterprise_connection_domain_bound":
    case "enterprise_connection_domain_unbound":
    case "enterprise_connection_activated":
      return t(`activity.events.${event.event}`, { actor, name: String(details.name ?? ""), domain });
    case "enterprise_connection_tested":
      return t(
        details.wouldPass
          ? "activity.events.enterprise_connection_tested"
          : "activity.events.enterprise_connection_test_failed",
        {
          actor,
          name: String(details.name ?? ""),
        },
      );
    default: {
      // seats_changed, from Stripe's webhooks: the seats and the status, when the entry has them.
      const seats = typeof details.seats === "number" ? details.seats : null;
      const status = typeof details.status === "string" ? details.status : null;
      if (seats === null || status === null) return t("activity.events.seats_changed");
      return t("billing.activity.seatsChanged", {
        count: seats,
        status: t(`billing.statuses.${status}`, { defaultValue: status }),
      });
    }
  }
}

/** Issue 44's audit trail: every change to the firm, newest first, a page at a time. */
export function ActivityPanel() {
  const { t } = useTranslation("firm");
  const auditQuery = useFirmAudit();
  const language = getCurrentLanguage();
  const events = auditQuery.data?.pages.flatMap((page) => page.events) ?? [];
  // The file holds the whole trail, read afresh page by page, not only the pages shown.
  const download = useDownloadFirmAudit();
  const failureText = useFirmFailureText();
  const { news, announce, newsRef } = usePanelNews();
  const startDownload = () => {
    if (download.isPending) return;
    download.mutate(undefined, { onSuccess: (fileName) => announce(t("activity.downloaded", { fileName })) });
  };

  const list = (
    <FirmList
      query={auditQuery}
      rows={4}
      items={events}
      label={t("activity.listLabel")}
      empty={{ icon: HistoryOutlined, text: t("activity.empty") }}
      isOrdered
      className="firm-list firm-activity"
      renderItem={(event) => (
        <li key={event.id} className="firm-row firm-activity-row">
          <time dateTime={event.occurredAt} className="firm-activity-time">
            {formatDateTime(event.occurredAt, language)}
          </time>
          <p className="firm-activity-text">{describeEvent(event, t)}</p>
        </li>
      )}
    />
  );

  return (
    <PanelSection look="firm-card" heading={t("activity.heading")} intro={t("activity.intro")}>
      {events.length > 0 && (
        <div className="firm-activity-toolbar">
          <BusyButton
            icon={<DownloadOutlined aria-hidden="true" />}
            isBusy={download.isPending}
            onClick={startDownload}
          >
            {t("activity.download")}
          </BusyButton>
          <PanelNews news={news} newsRef={newsRef} className="firm-news" />
        </div>
      )}
      {download.isError && <FirmFailureNotice key={download.submittedAt} text={failureText(download.error)} />}
      {list}
      {auditQuery.isFetchNextPageError && (
        <ListLoadFailure isRetrying={false} onRetry={() => void auditQuery.fetchNextPage()} />
      )}
      {auditQuery.hasNextPage && (
        <div className="action-row panel-actions">
          <BusyButton
            isBusy={auditQuery.isFetchingNextPage}
            onClick={() => {
              if (!auditQuery.isFetchingNextPage) void auditQuery.fetchNextPage();
            }}
          >
            {t("activity.older")}
          </BusyButton>
        </div>
      )}
    </PanelSection>
  );
}
