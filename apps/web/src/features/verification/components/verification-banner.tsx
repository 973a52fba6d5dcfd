import type { Profile } from "@precis/contract/profile";
import { Button, Modal } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageBanner, PageSuccessBanner } from "@/components/page-banner";
import { useResendVerification } from "../api/resend-verification";
import { ResendButton, ResendStatus } from "./resend-code";
import { VerifyCodeForm } from "./verify-code-form";
import "./verification.css";

/**
 * The notice every signed-in page shows while the account's address is unproven (the app shell renders it):
 * the code goes in a dialog, and a new code is one press away. Once the code is accepted it says so, until
 * dismissed or the visit ends.
 */
export function VerificationBanner({ profile }: { profile: Profile }) {
  const { t } = useTranslation(["verification", "auth"]);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isVerifiedHere, setIsVerifiedHere] = useState(false);
  const resendMutation = useResendVerification();
  // The button that opened the dialog is gone once the code is accepted: focus goes to the news instead.
  const successRef = useRef<HTMLDivElement>(null);

  const dialog = (
    <Modal
      open={isDialogOpen}
      title={t("modal.title")}
      footer={null}
      onCancel={() => setIsDialogOpen(false)}
      afterClose={() => successRef.current?.focus()}
      // A fresh form each time: no code or failure left over from the last opening.
      destroyOnHidden
    >
      <p>{t("modal.intro", { email: profile.email })}</p>
      <VerifyCodeForm
        name="verify-code-dialog"
        autoFocus
        onVerified={() => {
          setIsVerifiedHere(true);
          setIsDialogOpen(false);
        }}
        secondaryAction={
          <Button size="large" onClick={() => setIsDialogOpen(false)}>
            {t("codeForm.cancel")}
          </Button>
        }
      />
    </Modal>
  );

  // The profile says "verified" (fetched again on success) before the dialog has closed: the dialog stays
  // where it is through both states, so it closes as a dialog does and hands focus on.
  const notice = profile.emailVerified ? (
    isVerifiedHere && (
      <PageSuccessBanner
        ref={successRef}
        className="verification-banner"
        title={t("banner.verified")}
        dismissLabel={t("banner.dismiss")}
      />
    )
  ) : (
    <PageBanner
      type="warning"
      className="verification-banner"
      label={t("banner.label")}
      title={t("banner.title", { email: profile.email })}
      // Only with news of a resend: an empty description would still give the alert its taller layout.
      description={
        resendMutation.isIdle || resendMutation.isPending ? undefined : <ResendStatus mutation={resendMutation} />
      }
      action={
        <div className="verification-actions">
          <Button type="primary" onClick={() => setIsDialogOpen(true)}>
            {t("banner.enterCode")}
          </Button>
          <ResendButton mutation={resendMutation} />
        </div>
      }
    />
  );

  return (
    <>
      {notice}
      {dialog}
    </>
  );
}
