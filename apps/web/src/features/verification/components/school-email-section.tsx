import { EMAIL_MAX_LENGTH } from "@precis/contract/account-rules";
import { Button, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BusyButton } from "@/components/busy-button";
import { useConfirmIdentity } from "@/components/confirm-identity";
import { Notice } from "@/components/notice";
import { VerticalForm } from "@/components/vertical-form";
import { useAppState } from "@/lib/app-state";
import { isStudentOccupation } from "@/lib/entitlement";
import { trimValue } from "@/lib/form-rules";
import { useResendVerification } from "../api/resend-verification";
import { getResendFailure } from "../lib/verification-errors";
import { VerificationFailureAlert } from "./verification-failure-alert";
import { VerifyCodeForm } from "./verify-code-form";

/** The id other pages link to (`/verify-email#school`). */
export const SCHOOL_SECTION_ID = "school";

type SchoolEmailValues = { email: string };

/**
 * Student access needs a school address. This proves one by code and moves the account to it: first the
 * address (a code goes there), then the code.
 */
export function SchoolEmailSection() {
  const { t } = useTranslation(["verification", "auth"]);
  const { profile } = useAppState();
  const [form] = Form.useForm<SchoolEmailValues>();
  // Asking for a code to another address starts a change of who controls the account: it needs a recent proof
  // of identity (issue 42).
  const { confirmIdentityThen, dialog } = useConfirmIdentity();
  const sendMutation = useResendVerification({ confirmIdentityThen });
  // The address the code went to, then the one the account moved to.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [movedTo, setMovedTo] = useState<string | null>(null);
  const failure = sendMutation.isError ? getResendFailure(sendMutation.error) : null;

  const sendCode = ({ email }: SchoolEmailValues) => {
    if (sendMutation.isPending) return;
    sendMutation.mutate(
      { email, purpose: "school" },
      { onSuccess: (address) => setSentTo(address), onError: () => form.focusField("email") },
    );
  };

  const body = (() => {
    if (movedTo) {
      // Already a student or faculty member: the access follows by itself; otherwise the occupation is next.
      const isStudent = isStudentOccupation(profile?.occupation);
      return (
        <div className="verification-school-done">
          <Notice
            type="success"
            role="status"
            title={t(isStudent ? "school.successStudent" : "school.success", { email: movedTo })}
          />
          <p>
            <Link to={isStudent ? "/subscription" : "/profile/UserSettings"}>
              {t(isStudent ? "school.subscriptionLink" : "school.profileLink")}
            </Link>
          </p>
        </div>
      );
    }
    if (sentTo) {
      return (
        <>
          <Notice
            type="info"
            role="status"
            className="verification-alert"
            title={t("school.codeSent", { email: sentTo })}
          />
          <VerifyCodeForm
            name="verify-school-code"
            autoFocus
            onVerified={setMovedTo}
            secondaryAction={
              <Button size="large" type="link" onClick={() => setSentTo(null)}>
                {t("school.otherAddress")}
              </Button>
            }
          />
        </>
      );
    }
    return (
      <VerticalForm<SchoolEmailValues>
        form={form}
        name="school-email"
        initialValues={{ email: sendMutation.variables?.email ?? "" }}
        onFinish={sendCode}
        className="verification-school-form"
      >
        {failure && <VerificationFailureAlert key={sendMutation.submittedAt} failure={failure} />}
        <Form.Item
          label={t("school.emailLabel")}
          name="email"
          normalize={trimValue}
          rules={[
            { required: true, message: t("school.emailRequired") },
            { type: "email", message: t("school.emailInvalid") },
          ]}
        >
          <Input type="email" autoComplete="email" size="large" maxLength={EMAIL_MAX_LENGTH} />
        </Form.Item>
        <BusyButton type="primary" htmlType="submit" size="large" isBusy={sendMutation.isPending}>
          {t("school.sendCode")}
        </BusyButton>
      </VerticalForm>
    );
  })();

  return (
    <section id={SCHOOL_SECTION_ID} className="verification-card" aria-labelledby="school-title" tabIndex={-1}>
      <h2 id="school-title" className="verification-card-title">
        {t("school.title")}
      </h2>
      <p>{t("school.intro")}</p>
      {body}
      {dialog}
    </section>
  );
}
