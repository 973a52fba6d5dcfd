import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useLeaveFirm } from "../api/leave-firm";
import { FirmFailureNotice, useFirmFailure } from "./firm-failure";

/**
 * "Leave the firm", after a confirmation that says what stays (the account, its presets and history) and what
 * ends. The last owner is told what to do instead, with no button that could only be refused.
 */
export function LeaveFirm({ firmName, isLastOwner }: { firmName: string; isLastOwner: boolean }) {
  const { t } = useTranslation("firm");
  const leaveMutation = useLeaveFirm();
  const [isOpen, setIsOpen] = useState(false);
  const { failure, showFailure, clearFailure } = useFirmFailure();

  if (isLastOwner) return <p className="firm-note">{t("leave.lastOwner")}</p>;

  const leave = () => {
    if (leaveMutation.isPending) return;
    clearFailure();
    leaveMutation.mutate(undefined, {
      onSuccess: () => setIsOpen(false),
      onError: (error) => {
        setIsOpen(false);
        showFailure(error);
      },
    });
  };

  return (
    <div className="firm-leave">
      {failure && <FirmFailureNotice key={failure.attempt} text={failure.text} />}
      <Button danger onClick={() => setIsOpen(true)}>
        {t("leave.action")}
      </Button>
      <ConfirmDialog
        open={isOpen}
        title={t("leave.confirmTitle", { name: firmName })}
        description={t("leave.confirmDescription")}
        confirmLabel={t("leave.confirm")}
        cancelLabel={t("cancel")}
        isBusy={leaveMutation.isPending}
        onConfirm={leave}
        onCancel={() => setIsOpen(false)}
      />
    </div>
  );
}
