import { DeleteOutlined } from "@ant-design/icons";
import type { Profile } from "@precis/contract/profile";
import { Button, Form, Input, type InputRef, Modal } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { AccountPanelProps } from "@/components/account-tab";
import { BusyButton } from "@/components/busy-button";
import type { ConfirmIdentityThen } from "@/components/confirm-identity";
import { isIdentityNotConfirmed } from "@/components/confirm-identity";
import { PanelSection } from "@/components/panel-section";
import { useClientConfig } from "@/lib/client-config";
import { useSessionActions } from "@/lib/session-actions";
import { useDeleteAccount } from "../api/delete-account";
import { isDeletionConfirmed } from "../lib/deletion-confirmation";
import { getPrivacyFailure } from "../lib/privacy-errors";
import { PrivacyFailureAlert } from "./privacy-failure";

/** Where the signed-out page that says the day of the deletion lives; it reads the day from the history state. */
export const DELETION_SCHEDULED_PATH = "/account/deletion/scheduled";

/** What the deletion-scheduled page reads from the navigation that opens it. */
export type DeletionScheduledState = { deletionScheduledFor: string };

/**
 * Issue 28's danger zone: what deleting the account does and when, then a dialog where typing the address
 * (or the word it names) arms the button. The password is confirmed first if the sign-in is old.
 */
export function DeleteAccountPanel({ profile, confirmIdentityThen }: AccountPanelProps) {
  const { t } = useTranslation("privacy");
  const { deletionGraceDays } = useClientConfig().privacy;
  const [isDialogOpen, setIsDialogOpen] = useState(false);

  return (
    <PanelSection look="privacy-panel" heading={t("delete.heading")} className="privacy-danger">
      <p>{t("delete.intro", { count: deletionGraceDays })}</p>
      <ul className="privacy-danger-list">
        <li>{t("delete.signedOut")}</li>
        <li>{t("delete.email", { count: deletionGraceDays })}</li>
        <li>{t("delete.subscriptions")}</li>
      </ul>
      <p className="privacy-panel-intro">{t("delete.exportFirst")}</p>
      <Button danger size="large" icon={<DeleteOutlined aria-hidden="true" />} onClick={() => setIsDialogOpen(true)}>
        {t("delete.button")}
      </Button>
      <Modal
        open={isDialogOpen}
        title={t("delete.dialog.title")}
        footer={null}
        onCancel={() => setIsDialogOpen(false)}
        // A fresh field each time: the confirmation is typed anew for each attempt.
        destroyOnHidden
      >
        <DeleteAccountForm
          profile={profile}
          confirmIdentityThen={confirmIdentityThen}
          onCancel={() => setIsDialogOpen(false)}
        />
      </Modal>
    </PanelSection>
  );
}

function DeleteAccountForm({
  profile,
  confirmIdentityThen,
  onCancel,
}: {
  profile: Profile;
  confirmIdentityThen: ConfirmIdentityThen;
  onCancel: () => void;
}) {
  const { t } = useTranslation("privacy");
  const { deletionGraceDays } = useClientConfig().privacy;
  const deleteMutation = useDeleteAccount({ confirmIdentityThen });
  const { forgetSession } = useSessionActions();
  const navigate = useNavigate();
  const confirmationWord = t("delete.dialog.word");
  // Component state, not Form.useWatch, which reports a change a task later: Enter pressed right after the last
  // letter would meet a button still disabled, and the browser would not submit.
  const [typed, setTyped] = useState("");
  const fieldRef = useRef<InputRef>(null);
  const isConfirmed = isDeletionConfirmed(typed, profile.email, confirmationWord);
  const failure =
    deleteMutation.isError && !isIdentityNotConfirmed(deleteMutation.error)
      ? getPrivacyFailure(deleteMutation.error, "delete")
      : null;

  const submit = () => {
    if (!isConfirmed || deleteMutation.isPending) return;
    deleteMutation.mutate(undefined, {
      onSuccess: async (deletionScheduledFor) => {
        // Away from the signed-in page first, then forget the session the server has ended: the page on screen
        // never flips to "You haven't logged in" on the way.
        await navigate(DELETION_SCHEDULED_PATH, {
          replace: true,
          state: { deletionScheduledFor } satisfies DeletionScheduledState,
        });
        forgetSession();
      },
      onError: () => fieldRef.current?.focus(),
    });
  };

  return (
    <Form name="delete-account" layout="vertical" requiredMark={false} onFinish={submit}>
      <p>{t("delete.dialog.description", { count: deletionGraceDays })}</p>
      {failure && <PrivacyFailureAlert key={deleteMutation.submittedAt} failure={failure} className="privacy-alert" />}
      <Form.Item
        label={t("delete.dialog.label", { word: confirmationWord })}
        htmlFor="delete-account-confirmation"
        extra={
          <span id="delete-account-confirmation-hint">
            {t("delete.dialog.hint", { email: profile.email, word: confirmationWord })}
          </span>
        }
      >
        <Input
          id="delete-account-confirmation"
          ref={fieldRef}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          // Form.Item describes only the fields it controls: the hint is named here.
          aria-describedby="delete-account-confirmation-hint"
          size="large"
          autoComplete="off"
          spellCheck={false}
          autoFocus
        />
      </Form.Item>
      <div className="privacy-actions">
        <BusyButton
          type="primary"
          danger
          htmlType="submit"
          size="large"
          isBusy={deleteMutation.isPending}
          // Armed by the confirmation; kept focusable while its request runs (BusyButton), not before.
          disabled={!isConfirmed && !deleteMutation.isPending}
        >
          {t("delete.dialog.submit")}
        </BusyButton>
        <Button size="large" onClick={onCancel}>
          {t("delete.dialog.cancel")}
        </Button>
      </div>
    </Form>
  );
}
