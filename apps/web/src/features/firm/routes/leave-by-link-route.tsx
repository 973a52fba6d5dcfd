import { EMAIL_MAX_LENGTH } from "@precis/contract/account-rules";
import { Button, Form, Input, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LinkButton } from "@/components/link-button";
import { Notice } from "@/components/notice";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { isApiRequestError } from "@/lib/api-client";
import { isNetworkFailure } from "@/lib/api-failures";
import { trimValue } from "@/lib/form-rules";
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

  if (leaveMutation.isSuccess) {
    return (
      <Result
        status="success"
        title={<h1 className="result-heading">{t("leaveByLink.leftTitle")}</h1>}
        subTitle={<span role="status">{t("leaveByLink.leftText", { firm: leaveMutation.data.firmName })}</span>}
        extra={logIn}
      />
    );
  }

  const leaveFailure = leaveMutation.isError ? failureKeyOf(leaveMutation.error) : null;
  if (token && leaveFailure !== "invalidLink") {
    return (
      <Result
        status="warning"
        title={<h1 className="result-heading">{t("leaveByLink.confirmTitle")}</h1>}
        subTitle={t("leaveByLink.confirmText")}
        extra={[
          leaveFailure && (
            <Notice
              key={`failure-${leaveMutation.submittedAt}`}
              type="error"
              role="alert"
              title={t(`leaveByLink.errors.${leaveFailure}`)}
            />
          ),
          <Button
            key="leave"
            type="primary"
            danger
            size="large"
            loading={leaveMutation.isPending}
            onClick={() => {
              if (!leaveMutation.isPending) leaveMutation.mutate(token);
            }}
          >
            {t("leaveByLink.leave")}
          </Button>,
        ]}
      />
    );
  }

  const requestFailure = requestMutation.isError ? failureKeyOf(requestMutation.error) : null;
  return (
    <Result
      status="info"
      title={<h1 className="result-heading">{t("leaveByLink.requestTitle")}</h1>}
      subTitle={t("leaveByLink.requestText")}
      extra={[
        leaveFailure === "invalidLink" && (
          <Notice key="invalid" type="error" role="alert" title={t("leaveByLink.errors.invalidLink")} />
        ),
        requestMutation.isSuccess && <Notice key="sent" type="success" role="status" title={t("leaveByLink.sent")} />,
        requestFailure && (
          <Notice
            key={`failure-${requestMutation.submittedAt}`}
            type="error"
            role="alert"
            title={t(`leaveByLink.errors.${requestFailure}`)}
          />
        ),
        <Form
          key="form"
          layout="vertical"
          className="leave-by-link-form"
          initialValues={{ email: searchParams.get("email") ?? "" }}
          onFinish={(values: { email: string }) => {
            if (!requestMutation.isPending) requestMutation.mutate(values.email);
          }}
        >
          <Form.Item
            label={t("leaveByLink.email")}
            name="email"
            rules={[
              { required: true, message: t("leaveByLink.emailRequired") },
              { type: "email", message: t("leaveByLink.emailInvalid") },
            ]}
            normalize={trimValue}
          >
            <Input type="email" autoComplete="email" size="large" maxLength={EMAIL_MAX_LENGTH} />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" loading={requestMutation.isPending}>
            {t("leaveByLink.send")}
          </Button>
        </Form>,
        logIn,
      ]}
    />
  );
}
