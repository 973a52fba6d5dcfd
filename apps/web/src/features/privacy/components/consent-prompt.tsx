import { Modal } from "antd";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { MutationButton } from "@/components/mutation-button";
import { NewTabHint } from "@/components/new-tab-hint";
import { useSessionActions } from "@/lib/session-actions";
import { useAcceptConsents } from "../api/accept-consents";
import { getPrivacyFailure } from "../lib/privacy-errors";
import { PrivacyFailureAlert } from "./privacy-failure";
import "./privacy.css";

/**
 * Asked once the Terms of Service or the Privacy Policy changed since the account accepted them
 * (`mustAcceptTerms`; the app shell renders it on signed-in pages). It cannot be dismissed: the account goes on
 * by accepting, or logs out. The documents open in a new tab, so nothing on this page is lost.
 */
export function ConsentPrompt() {
  const { t } = useTranslation("privacy");
  const acceptMutation = useAcceptConsents();
  const { logOut, isLoggingOut } = useSessionActions();
  const failure = acceptMutation.isError ? getPrivacyFailure(acceptMutation.error, "accept") : null;

  return (
    <Modal open title={t("prompt.title")} footer={null} closable={false} keyboard={false} mask={{ closable: false }}>
      <p>{t("prompt.intro")}</p>
      <ul className="consent-prompt-links">
        <li>
          <a href="/terms" target="_blank" rel="noopener">
            {t("prompt.terms")}
            <NewTabHint />
          </a>
        </li>
        <li>
          <a href="/privacy" target="_blank" rel="noopener">
            {t("prompt.privacy")}
            <NewTabHint />
          </a>
        </li>
      </ul>
      <p>{t("prompt.outro")}</p>
      {failure && <PrivacyFailureAlert key={acceptMutation.submittedAt} failure={failure} className="privacy-alert" />}
      <div className="privacy-actions">
        <MutationButton type="primary" size="large" autoFocus mutation={acceptMutation}>
          {t("prompt.accept")}
        </MutationButton>
        <BusyButton
          size="large"
          isBusy={isLoggingOut}
          onClick={() => {
            if (!isLoggingOut) logOut();
          }}
        >
          {t("prompt.logOut")}
        </BusyButton>
      </div>
    </Modal>
  );
}
