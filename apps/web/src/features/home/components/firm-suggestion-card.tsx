import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { isIdentityNotConfirmed, useConfirmIdentity } from "@/components/confirm-identity";
import { Notice } from "@/components/notice";
import { SmartLink } from "@/components/smart-link";
import { useFirmSuggestion, useJoinSuggestedFirm } from "../api/firm-suggestion";
import { getJoinFailure, type JoinFailureKey } from "../lib/join-failure";

/**
 * Issue 44's suggestion: a verified person with no firm, whose email domain a firm added in `suggest` mode, is told
 * their colleagues' firm uses Precis and may join it from Home. Asked only once Home is idle (`enabled`), so the
 * first screen waits for nothing; until the answer comes, or if it fails, nothing shows.
 */
export function FirmSuggestionCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("home");
  const firmQuery = useFirmSuggestion({ enabled });
  const { confirmIdentityThen, dialog } = useConfirmIdentity();
  const joinMutation = useJoinSuggestedFirm({ confirmIdentityThen });
  const [failure, setFailure] = useState<{ key: JoinFailureKey; attempt: number } | null>(null);
  // The joined firm's name: after the join the firm query names the firm and the suggestion is gone, but the
  // message that says so stays until the person leaves Home.
  const [joined, setJoined] = useState<string | null>(null);

  if (joined) {
    return (
      <Notice
        type="success"
        role="status"
        className="access-notice firm-suggestion-joined"
        title={t("firmSuggestion.joined", { name: joined })}
        description={<SmartLink href="/firm">{t("firmSuggestion.openFirm", { name: joined })}</SmartLink>}
      />
    );
  }
  const suggestion = firmQuery.data?.firm === null ? firmQuery.data.suggestion : null;
  if (!suggestion) return null;

  const join = () => {
    if (joinMutation.isPending) return;
    setFailure(null);
    joinMutation.mutate(suggestion.firmId, {
      onSuccess: () => setJoined(suggestion.name),
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
