import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LinkButton } from "@/components/link-button";
import { LinkTokenButton } from "@/components/link-token-button";
import { OutcomePage } from "@/components/outcome-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useClientConfig } from "@/lib/client-config";
import { useUndoEmailChange } from "../api/undo-email-change";
import { getUndoFailure, type UndoFailureKey } from "../lib/verification-errors";
import "../components/verification.css";

/**
 * /email-change/undo?token=…, the link mailed to an account's old address when its address changed (issue 42):
 * takes the address back, signed in or not, once its reader presses the button (issue 53). Opening the link
 * does nothing: a mail scanner or a link preview fetching it must not undo anything, and the reader sees what
 * the press will do first. The undo ends every session, voids the password and removes every second factor,
 * passkey and known browser, so the page then sends the person to set a new password.
 */
export function UndoEmailChangeRoute() {
  const { t } = useTranslation("verification");
  useDocumentTitle(t("undo.pageTitle"));
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const undoMutation = useUndoEmailChange();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const outcome = undoMutation.isSuccess ? "restored" : undoMutation.isError ? "failed" : "asking";
  // The screen's heading changes with the answer: focus moves there, so a screen reader starts from it.
  useEffect(() => {
    if (outcome !== "asking") headingRef.current?.focus();
  }, [outcome]);

  // A link without its token restores nothing: said at once, without asking the server.
  if (!token) return <UndoFailure failure="invalidLink" headingRef={headingRef} />;

  if (undoMutation.isSuccess) {
    const { email } = undoMutation.data;
    return (
      <OutcomePage
        status="success"
        title={t("undo.successTitle")}
        headingRef={headingRef}
        text={t("undo.successText", { email })}
        role="status"
        extra={[
          <LinkButton key="password" type="primary" size="large" to="/login/find-user">
            {t("undo.setPassword")}
          </LinkButton>,
          <LinkButton key="login" size="large" to={`/login?${new URLSearchParams({ email })}`}>
            {t("undo.login")}
          </LinkButton>,
        ]}
      />
    );
  }

  if (undoMutation.isError) {
    return <UndoFailure failure={getUndoFailure(undoMutation.error)} headingRef={headingRef} />;
  }

  return (
    <OutcomePage
      status="warning"
      title={t("undo.confirmTitle")}
      text={t("undo.confirmText")}
      extra={
        <LinkTokenButton mutation={undoMutation} token={token}>
          {t(undoMutation.isPending ? "undo.checking" : "undo.confirm")}
        </LinkTokenButton>
      }
    />
  );
}

function UndoFailure({
  failure,
  headingRef,
}: {
  failure: UndoFailureKey;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation("verification");
  const { supportEmail } = useClientConfig();
  return (
    <OutcomePage
      status="error"
      title={t("undo.failureTitle")}
      headingRef={headingRef}
      text={t(`undo.errors.${failure}`, { supportEmail })}
      role="alert"
      extra={
        <LinkButton type="primary" size="large" to="/login">
          {t("undo.login")}
        </LinkButton>
      }
    />
  );
}
