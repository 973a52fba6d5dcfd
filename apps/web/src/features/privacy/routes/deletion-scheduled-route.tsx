import { ClockCircleOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { LinkButton } from "@/components/link-button";
import { OutcomePage } from "@/components/outcome-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { getCurrentLanguage } from "@/i18n";
import { formatLongDate } from "@/lib/format-date";
import type { DeletionScheduledState } from "../components/delete-account-panel";

function readDeletionDay(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("deletionScheduledFor" in state)) return null;
  const { deletionScheduledFor } = state as DeletionScheduledState;
  return typeof deletionScheduledFor === "string" && !Number.isNaN(Date.parse(deletionScheduledFor))
    ? deletionScheduledFor
    : null;
}

/**
 * /account/deletion/scheduled: where the Privacy tab's deletion lands, signed out (the server ended every
 * session). The day comes from the navigation's state, which survives a reload; opened any other way, there
 * is nothing to say, and home opens instead.
 */
export function DeletionScheduledRoute() {
  const { t } = useTranslation("privacy");
  useDocumentTitle(t("scheduled.pageTitle"));
  const { state } = useLocation();
  const deletionDay = readDeletionDay(state);
  if (!deletionDay) return <Navigate to="/" replace />;
  return (
    <OutcomePage
      status="info"
      icon={<ClockCircleOutlined aria-hidden="true" />}
      title={t("scheduled.title", { date: formatLongDate(deletionDay, getCurrentLanguage()) })}
      text={
        <>
          <span className="privacy-result-line">{t("scheduled.signedOut")}</span>
          <span className="privacy-result-line">{t("scheduled.email")}</span>
          <span className="privacy-result-line">{t("scheduled.keep")}</span>
        </>
      }
      extra={
        <LinkButton type="primary" size="large" to="/login">
          {t("scheduled.login")}
        </LinkButton>
      }
    />
  );
}
