import type { Profile } from "@precis/contract/profile";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { PageBanner, PageSuccessBanner } from "@/components/page-banner";
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
  // The button that kept the account is gone with the warning: focus goes to the news instead.
  const successRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (isKeptHere && !profile.deletionScheduledFor) successRef.current?.focus();
  }, [isKeptHere, profile.deletionScheduledFor]);

  if (!profile.deletionScheduledFor) {
    if (!isKeptHere) return null;
    return (
      <PageSuccessBanner
        ref={successRef}
        className="privacy-banner"
        title={t("banner.kept")}
        dismissLabel={t("banner.dismiss")}
      />
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
    <PageBanner
      type="error"
      className="privacy-banner"
      label={t("banner.label")}
      title={t("banner.title", { date: formatLongDate(profile.deletionScheduledFor, getCurrentLanguage()) })}
      // A failure to keep the account is announced by itself.
      description={cancelMutation.isError && !isKeptHere ? <KeepFailure error={cancelMutation.error} /> : undefined}
      action={
        <BusyButton type="primary" isBusy={cancelMutation.isPending} onClick={keep}>
          {t("banner.keep")}
        </BusyButton>
      }
    />
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
