import { Result } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LinkButton } from "@/components/link-button";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useClientConfig } from "@/lib/client-config";
import { useUndoEmailChange } from "../api/undo-email-change";
import { getUndoFailure, type UndoFailureKey } from "../lib/verification-errors";
import "../components/verification.css";
import { LinkChecking } from "@/components/link-checking";
import { useSendOnce } from "@/hooks/use-send-once";

/**
 * /email-change/undo?token=…, the link mailed to an account's old address when its address changed (issue 42):
 * takes the address back as the page opens, signed in or not. Every session of the account ends and its
 * password is voided, so the page sends the person to set a new one.
 */
export function UndoEmailChangeRoute() {
  const { t } = useTranslation("verification");
  useDocumentTitle(t("undo.pageTitle"));
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const undoMutation = useUndoEmailChange();
  useSendOnce(token, undoMutation.mutate);

  // A link without its token restores nothing: said at once, without asking the server.
  if (!token) return <UndoFailure failure="invalidLink" />;

  if (undoMutation.isIdle || undoMutation.isPending) {
    return <LinkChecking text={t("undo.checking")} />;
  }

  if (undoMutation.isSuccess) {
    const { email } = undoMutation.data;
    return (
      <Result
        status="success"
        title={<h1 className="result-heading">{t("undo.successTitle")}</h1>}
        subTitle={<span role="status">{t("undo.successText", { email })}</span>}
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

  return <UndoFailure failure={getUndoFailure(undoMutation.error)} />;
}

function UndoFailure({ failure }: { failure: UndoFailureKey }) {
  const { t } = useTranslation("verification");
  const { supportEmail } = useClientConfig();
  return (
    <Result
      status="error"
      title={<h1 className="result-heading">{t("undo.failureTitle")}</h1>}
      subTitle={<span role="alert">{t(`undo.errors.${failure}`, { supportEmail })}</span>}
      extra={
        <LinkButton type="primary" size="large" to="/login">
          {t("undo.login")}
        </LinkButton>
      }
    />
  );
}
