import { ApiOutlined, DesktopOutlined } from "@ant-design/icons";
import type { AccountSession } from "@precis/contract/sessions";
import { Button, Tag } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import type { ConfirmIdentityThen } from "@/components/confirm-identity";
import { isIdentityNotConfirmed } from "@/components/confirm-identity";
import { Notice } from "@/components/notice";
import { PanelSection } from "@/components/panel-section";
import { QueryContent, RetryNotice } from "@/components/query-content";
import { getCurrentLanguage } from "@/i18n";
import { isApiRequestError } from "@/lib/api-client";
import { isNetworkFailure, needsReauthentication } from "@/lib/api-failures";
import { useClientConfig } from "@/lib/client-config";
import { formatDateTime } from "@/lib/format-date";
import { useSessions } from "../api/get-sessions";
import { useRevokeOtherSessions } from "../api/revoke-other-sessions";
import { useRevokeSession } from "../api/revoke-session";
import { describeDevice, sortSessions } from "../lib/sessions";

/** What the last sign-out came to, said below the list (and focused: the button that asked is gone). */
type Outcome =
  | { kind: "signedOut"; device: string }
  | { kind: "alreadyEnded" }
  | { kind: "othersSignedOut"; count: number };

/** Which confirmation is open: one session's sign-out, or every other session's. */
type Confirming = { kind: "one"; session: AccountSession; device: string } | { kind: "others" };

/**
 * Issue 27: every place the account is signed in, and the way to sign any of them out. Signing out everywhere
 * else (issue 42), or any one other session (issue 53), asks who you are when the sign-in is not recent: this
 * dialog closes first, since one dialog at a time keeps focus in the one that asks.
 */
export function SessionsPanel({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const { t } = useTranslation("security");
  const sessionsQuery = useSessions();
  // Kept while the dialog closes, so its title does not change under the closing animation.
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  // The button that opened the dialog: focus goes back to it when the person changes their mind in the
  // confirm-identity dialog, which the dialog's own hand-back cannot do (it was closed for that dialog).
  const triggerRef = useRef<HTMLElement | null>(null);
  // Closed for the confirm-identity dialog: handing focus back to the button would take it from that dialog.
  const [isConfirmingIdentity, setIsConfirmingIdentity] = useState(false);
  // Ending another session asks who you are, as ending them all does (issue 53, finding 7).
  const stepUp = {
    confirmIdentityThen: async <T,>(action: () => Promise<T>) =>
      confirmIdentityThen(async () => {
        try {
          return await action();
        } catch (error) {
          if (needsReauthentication(error)) {
            setIsConfirmingIdentity(true);
            setIsDialogOpen(false);
          }
          throw error;
        }
      }),
  };
  const revokeMutation = useRevokeSession(stepUp);
  const revokeOthersMutation = useRevokeOtherSessions(stepUp);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  // Set by a sign-out: the button that asked is gone (its row) or disabled (no other session left), so focus
  // goes to the news once the dialog has closed. A cancelled dialog hands focus back to its button.
  const focusesOutcome = useRef(false);
  const deviceName = useDeviceName();

  const sessions = sessionsQuery.data ? sortSessions(sessionsQuery.data.sessions) : [];
  const hasOtherSessions = sessions.some((session) => !session.isCurrent);

  const open = (next: Confirming, trigger: HTMLElement) => {
    triggerRef.current = trigger;
    revokeMutation.reset();
    revokeOthersMutation.reset();
    setConfirming(next);
    setIsDialogOpen(true);
    setIsConfirmingIdentity(false);
    focusesOutcome.current = false;
  };

  const close = (next?: Outcome) => {
    setIsDialogOpen(false);
    if (!next) return;
    setOutcome(next);
    focusesOutcome.current = true;
  };

  const confirm = () => {
    if (!confirming || !isDialogOpen || revokeMutation.isPending || revokeOthersMutation.isPending) return;
    // A change of mind in the confirm-identity dialog: back to the button, nothing to report. A failure after
    // the confirmation is said in this dialog, opened again.
    const onRefused = (error: unknown) => {
      if (isIdentityNotConfirmed(error)) triggerRef.current?.focus();
      else setIsDialogOpen(true);
    };
    if (confirming.kind === "others") {
      revokeOthersMutation.mutate(undefined, {
        onSuccess: (count) => close({ kind: "othersSignedOut", count }),
        onError: onRefused,
      });
      return;
    }
    revokeMutation.mutate(confirming.session.id, {
      onSuccess: () => close({ kind: "signedOut", device: confirming.device }),
      onError: (error) => {
        // Ended meanwhile (it expired, or was signed out elsewhere): the refreshed list no longer has it.
        if (isApiRequestError(error) && error.status === 404) close({ kind: "alreadyEnded" });
        else onRefused(error);
      },
    });
  };

  const failedMutation = confirming?.kind === "others" ? revokeOthersMutation : revokeMutation;
  // Closing the confirm-identity dialog is a change of mind, not a failure to report.
  const failure =
    failedMutation.isError && !isIdentityNotConfirmed(failedMutation.error)
      ? t(isNetworkFailure(failedMutation.error) ? "sessions.failedNetwork" : "sessions.failed")
      : null;

  const list = (
    <QueryContent
      query={sessionsQuery}
      rows={3}
      loadingLabel={t("sessions.loading")}
      loadingClassName="security-loading"
      failure={<RetryNotice title={t("sessions.loadFailed")} retryLabel={t("sessions.retry")} query={sessionsQuery} />}
    >
      {() => (
        <ul className="session-list" aria-label={t("sessions.heading")}>
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              deviceName={deviceName(session)}
              onSignOut={(trigger) => open({ kind: "one", session, device: deviceName(session) }, trigger)}
            />
          ))}
        </ul>
      )}
    </QueryContent>
  );

  return (
    <PanelSection look="security-panel" heading={t("sessions.heading")} intro={t("sessions.intro")}>
      {list}
      <div className="session-footer">
        <Button
          onClick={(event) => open({ kind: "others" }, event.currentTarget)}
          // Nothing to sign out until the list shows another session.
          disabled={!hasOtherSessions}
        >
          {t("sessions.signOutOthers")}
        </Button>
        <div role="status" className="panel-news session-outcome">
          {outcome && (
            <p ref={outcomeRef} tabIndex={-1}>
              {outcome.kind === "signedOut" && t("sessions.signedOut", { device: outcome.device })}
              {outcome.kind === "alreadyEnded" && t("sessions.alreadyEnded")}
              {outcome.kind === "othersSignedOut" &&
                (outcome.count === 0
                  ? t("sessions.noOthersSignedOut")
                  : t("sessions.othersSignedOut", { count: outcome.count }))}
            </p>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={isDialogOpen}
        title={
          confirming?.kind === "one"
            ? t("sessions.confirmOne.title", { device: confirming.device })
            : t("sessions.confirmOthers.title")
        }
        description={t(
          confirming?.kind === "one" ? "sessions.confirmOne.description" : "sessions.confirmOthers.description",
        )}
        confirmLabel={t(confirming?.kind === "one" ? "sessions.signOut" : "sessions.signOutOthers")}
        cancelLabel={t("sessions.cancel")}
        isBusy={revokeMutation.isPending || revokeOthersMutation.isPending}
        onConfirm={confirm}
        onCancel={() => close()}
        focusTriggerAfterClose={!isConfirmingIdentity}
        afterClose={() => {
          if (focusesOutcome.current) outcomeRef.current?.focus();
          focusesOutcome.current = false;
        }}
      >
        {failure && (
          <Notice
            key={failedMutation.submittedAt}
            type="error"
            role="alert"
            className="security-alert"
            title={failure}
          />
        )}
      </ConfirmDialog>
    </PanelSection>
  );
}

/** "Chrome 131 on macOS 15", "Firefox", "Unknown browser on Android 14": how the list and its dialogs name a session. */
function useDeviceName() {
  const { t } = useTranslation("security");
  return (session: AccountSession) => {
    const { browser, system } = describeDevice(session);
    const browserName = browser ?? t("sessions.unknownBrowser");
    return system ? t("sessions.deviceOn", { browser: browserName, system }) : browserName;
  };
}

function SessionRow({
  session,
  deviceName,
  onSignOut,
}: {
  session: AccountSession;
  deviceName: string;
  onSignOut: (trigger: HTMLElement) => void;
}) {
  const { t } = useTranslation("security");
  const { productName } = useClientConfig();
  const language = getCurrentLanguage();
  const Icon = session.isExtension ? ApiOutlined : DesktopOutlined;
  return (
    <li className="session-row">
      <Icon aria-hidden="true" className="session-icon" />
      <div className="session-main">
        <p className="session-name">
          <span className="session-device">{deviceName}</span>
          {session.isCurrent && <Tag color="blue">{t("sessions.thisDevice")}</Tag>}
          {session.isExtension && <Tag>{t("sessions.extension", { productName })}</Tag>}
        </p>
        <ul className="session-details">
          <li>
            {session.ipAddress ? t("sessions.ipAddress", { ipAddress: session.ipAddress }) : t("sessions.noIpAddress")}
          </li>
          <li>{t("sessions.signedIn", { date: formatDateTime(session.startedAt, language) })}</li>
          <li>{t("sessions.lastActive", { date: formatDateTime(session.lastActiveAt, language) })}</li>
        </ul>
      </div>
      {!session.isCurrent && (
        <Button
          className="session-sign-out"
          onClick={(event) => onSignOut(event.currentTarget)}
          // "Sign out" alone would not say which of the list's buttons this is.
          aria-label={t("sessions.signOutDevice", { device: deviceName })}
        >
          {t("sessions.signOut")}
        </Button>
      )}
    </li>
  );
}
