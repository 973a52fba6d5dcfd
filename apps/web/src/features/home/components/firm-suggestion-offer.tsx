import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { isIdentityNotConfirmed, useConfirmIdentity } from "@/components/confirm-identity";
import { Notice } from "@/components/notice";
import { useJoinSuggestedFirm } from "../api/join-suggested-firm";
import { getJoinFailure, type JoinFailureKey } from "../lib/join-failure";

/** The suggested firm and "Join <firm>": busy while the join runs, the step-up dialog when the sign-in is old. */
export function FirmSuggestionOffer({
  suggestion,
  onJoined,
}: {
  suggestion: { firmId: number; name: string };
  onJoined: (firmName: string) => void;
}) {
  const { t } = useTranslation("home");
  const { confirmIdentityThen, dialog } = useConfirmIdentity();
  const joinMutation = useJoinSuggestedFirm({ confirmIdentityThen, onJoined: () => onJoined(suggestion.name) });
  const [failure, setFailure] = useState<{ key: JoinFailureKey; attempt: number } | null>(null);

  const join = () => {
    if (joinMutation.isPending) return;
    setFailure(null);
    joinMutation.mutate(suggestion.firmId, {
      onError: (error) => {
        // The step-up dialog closed: the join did not run, and there is nothing to report.
        if (isIdentityNotConfirmed(error)) return;
        setFailure({ key: getJoinFailure(error), attempt: Date.now() });
      },
    });
  };

  return (
    <Notice
      type="info"
      role="status"
      className="access-notice firm-suggestion-notice"
      title={t("firmSuggestion.title", { name: suggestion.name })}
      description={
        <>
          <p>{t("firmSuggestion.description", { name: suggestion.name })}</p>
          {failure && (
            <Notice
              key={failure.attempt}
              type="error"
              role="alert"
              className="firm-suggestion-failure"
              title={t(`firmSuggestion.errors.${failure.key}`, { name: suggestion.name })}
            />
          )}
          <div className="access-notice-actions">
            <BusyButton type="primary" isBusy={joinMutation.isPending} onClick={join}>
              {t("firmSuggestion.join", { name: suggestion.name })}
            </BusyButton>
          </div>
          {dialog}
        </>
      }
    />
  );
}
