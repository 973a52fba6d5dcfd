import { Button, Form } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmailFormItem } from "@/components/email-form-item";
import { LinkButton } from "@/components/link-button";
import { LinkTokenButton } from "@/components/link-token-button";
import { Notice } from "@/components/notice";
import { OutcomePage } from "@/components/outcome-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { isApiRequestError } from "@/lib/api-client";
import { isNetworkFailure } from "@/lib/api-failures";
import { useLeaveByLink, useRequestLeaveLink } from "../api/leave-by-link";

/** Why a call of this page failed, as a key of the catalogue's `leaveByLink` group. */
function failureKeyOf(error: unknown) {
  if (!isApiRequestError(error)) return isNetworkFailure(error) ? "network" : "unknown";
  if (error.status === 401) return "invalidLink";
  if (error.status === 409) return "lastOwner";
  if (error.status === 429) return "tooManyAttempts";
  return "unknown";
}

/**
 * /firm/leave, signed out (issue 53: a firm's policy never traps; decision 043). Without a token: a person whose
 * firm refuses every way they sign in asks for an emailed link. With the link's token: they leave the firm on a
 * press of the button, never as the page opens (a mail scanner opens every link). Their account, its export and
 * its deletion stay theirs.
 */
export function LeaveByLinkRoute() {
  const { t } = useTranslation("firm");
  useDocumentTitle(t("leaveByLink.pageTitle"));
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const leaveMutation = useLeaveByLink();
  const requestMutation = useRequestLeaveLink();

  const logIn = (
    <LinkButton key="login" size="large" to="/login">
      {t("leaveByLink.login")}
    </LinkButton>
  );

  // A failed press, keyed by the press, so that the same failure twice is announced twice.
  const failureNotice = (failure: ReturnType<typeof failureKeyOf> | null, submittedAt: number) =>
    failure && (
      <Notice key={`failure-${submittedAt}`} type="error" role="alert" title={t(`leaveByLink.errors.${failure}`)} />
    );

  if (leaveMutation.isSuccess) {
    return (
      <OutcomePage
        status="success"
        title={t("leaveByLink.leftTitle")}
        text={t("leaveByLink.leftText", { firm: leaveMutation.data.firmName })}
        role="status"
        extra={logIn}
      />
    );
  }

  const leaveFailure = leaveMutation.isError ? failureKeyOf(leaveMutation.error) : null;
  if (token && leaveFailure !== "invalidLink") {
    return (
      <OutcomePage
        status="warning"
        title={t("leaveByLink.confirmTitle")}
        text={t("leaveByLink.confirmText")}
        extra={[
          failureNotice(leaveFailure, leaveMutation.submittedAt),
          <LinkTokenButton key="leave" danger mutation={leaveMutation} token={token}>
            {t("leaveByLink.leave")}
          </LinkTokenButton>,
        ]}
      />
    );
  }

  const requestFailure = requestMutation.isError ? failureKeyOf(requestMutation.error) : null;
  return (
    <OutcomePage
      status="info"
      title={t("leaveByLink.requestTitle")}
      text={t("leaveByLink.requestText")}
      extra={[
        leaveFailure === "invalidLink" && (
          <Notice key="invalid" type="error" role="alert" title={t("leaveByLink.errors.invalidLink")} />
        ),
        requestMutation.isSuccess && <Notice key="sent" type="success" role="status" title={t("leaveByLink.sent")} />,
        failureNotice(requestFailure, requestMutation.submittedAt),
        <Form
          key="form"
          layout="vertical"
          className="leave-by-link-form"
          initialValues={{ email: searchParams.get("email") ?? "" }}
          onFinish={(values: { email: string }) => {
            if (!requestMutation.isPending) requestMutation.mutate(values.email);
          }}
        >
          <EmailFormItem
            label={t("leaveByLink.email")}
            requiredMessage={t("leaveByLink.emailRequired")}
            invalidMessage={t("leaveByLink.emailInvalid")}
          />
          <Button type="primary" htmlType="submit" size="large" loading={requestMutation.isPending}>
            {t("leaveByLink.send")}
          </Button>
        </Form>,
        logIn,
      ]}
    />
  );
}
