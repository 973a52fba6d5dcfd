import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AccessNotice } from "@/components/access-notices";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Notice } from "@/components/notice";
import { SmartLink } from "@/components/smart-link";
import { useFirmSuggestion } from "../api/get-firm-suggestion";
import { useLeaveFirmFromHome } from "../api/leave-firm";

/**
 * Issue 53: a member of a firm is told that the firm manages their access, however they came into it (an automatic
 * domain join among them), with the way out. A member without a seat (more members than seats) is told why their
 * access is their own for now. Owners manage the firm, and leave it from /firm, where the last one is told what to do
 * first; everyone else leaves here, after the same confirmation as on /firm.
 */
export function FirmMembershipNotice({
  firmName,
  seat,
}: {
  firmName: string;
  /** `held`: the firm's seat is the access; `none`: more members than seats; `unlimited`: the firm buys no seats. */
  seat: "held" | "none" | "unlimited";
}) {
  const { t } = useTranslation("home");
  // The caller's role, from the firm query Home shares with /firm: Leave shows once it is known not to be an owner's.
  const role = useFirmSuggestion({ enabled: true }).data?.firm?.role;
  const leaveMutation = useLeaveFirmFromHome();
  const [isOpen, setIsOpen] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  const leave = () => {
    if (leaveMutation.isPending) return;
    setHasFailed(false);
    leaveMutation.mutate(undefined, {
      onSuccess: () => setIsOpen(false),
      onError: () => {
        setIsOpen(false);
        setHasFailed(true);
      },
    });
  };

  return (
    <>
      {hasFailed && <Notice type="error" role="alert" title={t("firmMembership.leaveFailed")} />}
      <AccessNotice
        type={seat === "none" ? "warning" : "info"}
        className="firm-membership-notice"
        title={t("firmMembership.title", { name: firmName })}
        description={t(`firmMembership.${seat}`, { name: firmName })}
        actions={
          // Right after a join from Home, its own notice links to /firm already: a member's way on here is Leave.
          role === "owner" ? (
            <SmartLink href="/firm">{t("firmMembership.openFirm", { name: firmName })}</SmartLink>
          ) : (
            role !== undefined && <Button onClick={() => setIsOpen(true)}>{t("firmMembership.leave")}</Button>
          )
        }
      />
      <ConfirmDialog
        open={isOpen}
        title={t("firmMembership.confirmTitle", { name: firmName })}
        description={t("firmMembership.confirmDescription")}
        confirmLabel={t("firmMembership.confirm")}
        cancelLabel={t("firmMembership.cancel")}
        isBusy={leaveMutation.isPending}
        onConfirm={leave}
        onCancel={() => setIsOpen(false)}
      />
    </>
  );
}
