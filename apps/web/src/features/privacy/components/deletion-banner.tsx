import type { Profile } from "@precis/contract/profile";
import { Alert } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { getCurrentLanguage } from "@/i18n";
import { formatLongDate } from "@/lib/format-date";
import { useSessionActions } from "@/lib/session-actions";
import { useCancelDeletion } from "../api/cancel-deletion";
import { getPrivacyFailure } from "../lib/privacy-errors";
import { usePrivacyFailureText } from "./privacy-failure";
import "./privacy.css";

/**
 * The notice every signed-in page shows while the account's deletion is pending (the app shell renders it):
 * the day, and "Keep my account", which cancels it. Once kept it says so, until dismissed or the visit ends.
 */
export function DeletionBanner({ profile }: { profile: Profile }) {
  const { t } = useTranslation("privacy");
  const cancelMutation = useCancelDeletion();
  const { refreshProfile } = useSessionActions();
  const [isKeptHere, setIsKeptHere] = useState(false);
  const [isDismissed, setIsDismissed] = useState(false);
  // The button that kept the account is gone with the warning: focus goes to the news instead.
  const successRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (isKeptHere && !profile.deletionScheduledFor) successRef.current?.focus();
  }, [isKeptHere, profile.deletionScheduledFor]);

  if (!profile.deletionScheduledFor) {
    if (!isKeptHere || isDismissed) return null;
    return (
      <div ref={successRef} tabIndex={-1} className="page-banner privacy-banner">
        <Alert
          type="success"
          showIcon
          banner
          role="status"
          title={t("banner.kept")}
          closable={{ onClose: () => setIsDismissed(true), "aria-label": t("banner.dismiss") }}
        />
      </div>
    );
  }

  const keep = () => {
    if (cancelMutation.isPending) return;
    cancelMutation.mutate(undefined, {
      onSuccess: () => setIsKeptHere(true),
      onError: (error) => {
        // Cancelled meanwhile (the emailed link, another tab): kept all the same, and the profile is out of date.
        if (getPrivacyFailure(error, "cancel").key !== "nothingToCancel") return;
        setIsKeptHere(true);
        void refreshProfile();
      },
    });
  };
  return (
    <section className="page-banner privacy-banner" aria-label={t("banner.label")}>
      <Alert
        type="error"
        showIcon
        banner
        // Not a live region (antd's "alert" by default): it is there from the page's start; a failure to keep
        // the account is announced by itself.
        role="none"
        title={t("banner.title", { date: formatLongDate(profile.deletionScheduledFor, getCurrentLanguage()) })}
        description={cancelMutation.isError && !isKeptHere ? <KeepFailure error={cancelMutation.error} /> : undefined}
        action={
          <BusyButton type="primary" isBusy={cancelMutation.isPending} onClick={keep}>
            {t("banner.keep")}
          </BusyButton>
        }
      />
    </section>
  );
}

function KeepFailure({ error }: { error: unknown }) {
  const failure = getPrivacyFailure(error, "cancel");
  return (
    <p role="alert" className="privacy-banner-failure">
      {usePrivacyFailureText(failure)}
    </p>
  );
}
