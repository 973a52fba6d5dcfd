import { ExclamationCircleFilled, FileProtectOutlined, MobileOutlined } from "@ant-design/icons";
import type { MfaStatus, TotpSetup } from "@precis/contract/mfa";
import { Button, Tag } from "antd";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AccountPanelProps } from "@/components/account-tab";
import { BusyButton } from "@/components/busy-button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { isIdentityNotConfirmed } from "@/components/confirm-identity";
import { PanelNews, usePanelNews } from "@/components/panel-news";
import { PanelSection } from "@/components/panel-section";
import { type ContentQuery, QueryContent, RetryNotice } from "@/components/query-content";
import { getCurrentLanguage } from "@/i18n";
import { needsReauthentication } from "@/lib/api-failures";
import { formatDateTime } from "@/lib/format-date";
import { useMfaStatus } from "@/lib/get-mfa-status";
import { useRegenerateRecoveryCodes } from "../api/regenerate-recovery-codes";
import { useSetUpTotp } from "../api/set-up-totp";
import { getFactorFailure } from "../lib/factor-errors";
import { DisableTotpDialog } from "./disable-totp-dialog";
import { FactorFailureNotice, useFactorFailureText } from "./factor-failure";
import { RecoveryCodesView } from "./recovery-codes-view";
import { TotpSetupView } from "./totp-setup";
import { VerifyEmailFirstNotice } from "./verify-email-first";

/** Recovery codes left at which the panel suggests new ones. */
const FEW_RECOVERY_CODES = 3;

/** What the panel shows below its intro: the app's state, its setup, or recovery codes to save. */
type View = { kind: "status" } | { kind: "setup"; setup: TotpSetup } | { kind: "codes"; codes: string[]; news: string };

/**
 * Issue 27's two-step verification: the authenticator app (TOTP) and its recovery codes. Turning it on shows
 * a QR code and asks for a code; the ten recovery codes then show once. Turning it off takes the password or
 * a code; new recovery codes void the old ones.
 */
export function TwoStepPanel({ profile, confirmIdentityThen }: AccountPanelProps) {
  const { t } = useTranslation("security");
  const statusQuery = useMfaStatus();
  const setUpMutation = useSetUpTotp({ confirmIdentityThen });
  const [isRegenerateOpen, setIsRegenerateOpen] = useState(false);
  // Mirrors isRegenerateOpen for the request's callbacks, which outlive the render that made them.
  const isRegenerateOpenRef = useRef(false);
  isRegenerateOpenRef.current = isRegenerateOpen;
  // Set while the dialog closes for the confirm-identity dialog: its afterClose lets that one open.
  const resumeAfterRegenerateClosed = useRef<(() => void) | null>(null);
  const regenerateMutation = useRegenerateRecoveryCodes({
    // One dialog at a time (issue 43): with the sign-in too old, this dialog closes, and only once it has gone
    // (its closing animation over, its content removed) does the confirm-identity dialog open. Closing it as
    // the request left let the two overlap, and on a busy machine the confirm-identity dialog never showed.
    confirmIdentityThen: <T,>(action: () => Promise<T>) =>
      confirmIdentityThen(async () => {
        try {
          return await action();
        } catch (error) {
          if (needsReauthentication(error) && isRegenerateOpenRef.current) {
            await new Promise<void>((resume) => {
              resumeAfterRegenerateClosed.current = resume;
              setIsRegenerateOpen(false);
            });
          }
          throw error;
        }
      }),
  });
  const failureText = useFactorFailureText();
  const [view, setView] = useState<View>({ kind: "status" });
  const [failure, setFailure] = useState<{ text: string; attempt: number } | null>(null);
  const { news, announce, focusNews, clearNews, newsRef } = usePanelNews();
  const setUpButtonRef = useRef<HTMLButtonElement>(null);
  const generateButtonRef = useRef<HTMLButtonElement>(null);
  const [isDisableOpen, setIsDisableOpen] = useState(false);
  // Whether a closing dialog hands focus to the news (it did something) or back to its button (cancelled).
  const focusesNewsAfterClose = useRef(false);

  const showFailure = (error: unknown, conflictText: string) => {
    if (isIdentityNotConfirmed(error)) return;
    const next = getFactorFailure(error);
    if (next.kind === "conflict") void statusQuery.refetch();
    setFailure({ text: next.kind === "conflict" ? conflictText : failureText(next), attempt: Date.now() });
  };

  const startSetup = () => {
    if (setUpMutation.isPending) return;
    setFailure(null);
    clearNews();
    setUpMutation.mutate(undefined, {
      onSuccess: (setup) => setView({ kind: "setup", setup }),
      onError: (error) => showFailure(error, t("twoStep.setup.alreadyOn")),
    });
  };

  const regenerate = () => {
    if (regenerateMutation.isPending) return;
    setFailure(null);
    clearNews();
    // The dialog stays open, its button busy, until the answer (or until it must make way for the
    // confirm-identity dialog, above).
    regenerateMutation.mutate(undefined, {
      onSuccess: (codes) => {
        setIsRegenerateOpen(false);
        setView({ kind: "codes", codes, news: t("twoStep.recovery.regenerated") });
      },
      onError: (error) => {
        // A change of mind in the confirm-identity dialog: back to the button.
        if (isIdentityNotConfirmed(error)) generateButtonRef.current?.focus();
        // Any other failure closes this dialog (its afterClose hands focus back) and is said in the panel.
        setIsRegenerateOpen(false);
        showFailure(error, t("twoStep.alreadyOff"));
      },
    });
  };

  let body: ReactNode;
  if (view.kind === "setup") {
    body = (
      <TotpSetupView
        setup={view.setup}
        onEnabled={(codes) => setView({ kind: "codes", codes, news: t("twoStep.turnedOn") })}
        onCancel={() => {
          setView({ kind: "status" });
          // Back to the button that started it, once it is drawn again.
          window.setTimeout(() => setUpButtonRef.current?.focus());
        }}
        onRestart={() => {
          setView({ kind: "status" });
          void statusQuery.refetch();
          setFailure({ text: t("twoStep.setup.restart"), attempt: Date.now() });
        }}
      />
    );
  } else if (view.kind === "codes") {
    body = (
      <RecoveryCodesView
        codes={view.codes}
        email={profile.email}
        onDone={() => {
          setView({ kind: "status" });
          announce(view.news, { focus: true });
        }}
      />
    );
  } else {
    const language = getCurrentLanguage();
    // Nothing is added to an account whose address is unproven (the server refuses it): say why instead.
    const isVerified = profile.emailVerified;
    body = (
      <FactorsContent query={statusQuery}>
        {({ totp, recoveryCodesLeft, hasPassword }) => (
          <>
            {failure && <FactorFailureNotice key={failure.attempt} text={failure.text} />}
            <div className="factor-row">
              <MobileOutlined aria-hidden="true" className="factor-icon" />
              <div className="factor-main">
                <h3 className="factor-name">
                  {t("twoStep.app")}
                  <FactorStateTag isOn={totp.isEnabled} />
                </h3>
                <p className="factor-details">
                  {totp.isEnabled && totp.enabledAt
                    ? t("twoStep.enabledSince", { date: formatDateTime(totp.enabledAt, language) })
                    : t("twoStep.appOff")}
                </p>
              </div>
              <div className="factor-actions">
                {totp.isEnabled ? (
                  <Button
                    onClick={() => {
                      setFailure(null);
                      clearNews();
                      setIsDisableOpen(true);
                    }}
                  >
                    {t("twoStep.turnOff")}
                  </Button>
                ) : (
                  isVerified && (
                    <BusyButton
                      ref={setUpButtonRef}
                      type="primary"
                      isBusy={setUpMutation.isPending}
                      onClick={startSetup}
                    >
                      {t("twoStep.setUp")}
                    </BusyButton>
                  )
                )}
              </div>
            </div>
            {!isVerified && <VerifyEmailFirstNotice text={t("verifyFirst.twoStep")} />}
            {totp.isEnabled && (
              <div className="factor-row">
                <FileProtectOutlined aria-hidden="true" className="factor-icon" />
                <div className="factor-main">
                  <h3 className="factor-name">{t("twoStep.recovery.heading")}</h3>
                  <p className="factor-details">
                    {t("twoStep.recovery.left", { count: recoveryCodesLeft })} · {t("twoStep.recovery.description")}
                  </p>
                  {recoveryCodesLeft <= FEW_RECOVERY_CODES && (
                    <p className="factor-warning">
                      <ExclamationCircleFilled aria-hidden="true" className="factor-warning-icon" />
                      {t("twoStep.recovery.low")}
                    </p>
                  )}
                </div>
                {isVerified && (
                  <div className="factor-actions">
                    <BusyButton
                      ref={generateButtonRef}
                      isBusy={regenerateMutation.isPending}
                      onClick={() => {
                        if (regenerateMutation.isPending) return;
                        setFailure(null);
                        clearNews();
                        setIsRegenerateOpen(true);
                      }}
                    >
                      {t("twoStep.recovery.generate")}
                    </BusyButton>
                  </div>
                )}
              </div>
            )}
            <DisableTotpDialog
              isOpen={isDisableOpen}
              hasPassword={hasPassword}
              onClose={() => setIsDisableOpen(false)}
              onTurnedOff={(wasAlreadyOff) => {
                focusesNewsAfterClose.current = true;
                setIsDisableOpen(false);
                announce(t(wasAlreadyOff ? "twoStep.alreadyOff" : "twoStep.turnedOff"), { focus: false });
              }}
              afterClose={() => {
                if (focusesNewsAfterClose.current) focusNews();
                focusesNewsAfterClose.current = false;
              }}
            />
          </>
        )}
      </FactorsContent>
    );
  }

  return (
    <PanelSection look="security-panel" heading={t("twoStep.heading")} intro={t("twoStep.intro")}>
      {body}
      <PanelNews news={news} newsRef={newsRef} className="security-news" isShown={view.kind === "status"} />
      <ConfirmDialog
        open={isRegenerateOpen}
        title={t("twoStep.recovery.confirmTitle")}
        description={t("twoStep.recovery.confirmDescription")}
        confirmLabel={t("twoStep.recovery.generate")}
        cancelLabel={t("factors.cancel")}
        isDanger={false}
        isBusy={regenerateMutation.isPending}
        onConfirm={regenerate}
        onCancel={() => setIsRegenerateOpen(false)}
        // Focus goes back to the button only if nothing runs: else the confirm-identity dialog is about to take
        // it, or the new codes' heading has it.
        focusTriggerAfterClose={false}
        afterClose={() => {
          const resume = resumeAfterRegenerateClosed.current;
          resumeAfterRegenerateClosed.current = null;
          if (resume) resume();
          else if (!regenerateMutation.isPending) generateButtonRef.current?.focus();
        }}
      />
    </PanelSection>
  );
}

/** "On" in dark green (AA on its tint), "Off" in the default grey. */
export function FactorStateTag({ isOn }: { isOn: boolean }) {
  const { t } = useTranslation("security");
  return <Tag className={isOn ? "factor-tag-on" : "factor-tag-off"}>{t(isOn ? "factors.on" : "factors.off")}</Tag>;
}

/**
 * The account's factors read by `query` (passkeys and two-step verification alike): a skeleton while they load, the
 * failure with a way to ask again, then what `children` draws of them.
 */
export function FactorsContent({
  query,
  children,
}: {
  query: ContentQuery<MfaStatus>;
  children: (status: MfaStatus) => ReactNode;
}) {
  const { t } = useTranslation("security");
  return (
    <QueryContent
      query={query}
      rows={2}
      loadingLabel={t("factors.loading")}
      loadingClassName="security-loading"
      failure={<RetryNotice title={t("factors.loadFailed")} retryLabel={t("factors.retry")} query={query} />}
    >
      {children}
    </QueryContent>
  );
}
