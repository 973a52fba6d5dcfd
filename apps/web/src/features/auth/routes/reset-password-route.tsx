import { SECURITY_CODE_LENGTH } from "@precis/contract/account-rules";
import { Form, Input } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ConfirmPasswordField } from "@/components/confirm-password-field";
import { NativeCheckbox } from "@/components/native-checkbox";
import { Notice } from "@/components/notice";
import { VerticalForm } from "@/components/vertical-form";
import { type ResetPasswordInput, useResetPassword } from "@/features/auth/api/reset-password";
import { AuthCard } from "@/features/auth/components/auth-card";
import { AuthPage } from "@/features/auth/components/auth-page";
import { EmailField } from "@/features/auth/components/email-field";
import { FailureAlert } from "@/features/auth/components/failure-alert";
import { NewPasswordField, NewPasswordInput } from "@/features/auth/components/new-password-field";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { useAuthForm, useEmailFromQuery } from "@/features/auth/hooks/use-auth-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { getResetPasswordFailure, type ResetPasswordStatus } from "@/lib/account-errors";

type ResetPasswordValues = ResetPasswordInput & { confirmPassword: string };

/** Long enough to read the success message before the login page replaces it. */
const SUCCESS_PAUSE_MS = 1500;

function normalizeSecurityCode(value: unknown): unknown {
  return typeof value === "string" ? value.replace(/\s+/g, "").toUpperCase() : value;
}

/** product §2 Reset password: the emailed security code and a new password, twice. */
export function ResetPasswordRoute() {
  const { t } = useTranslation("auth");
  const form = useAuthForm<ResetPasswordValues>();
  useDocumentTitle(t("resetPassword.pageTitle"));
  const emailFromQuery = useEmailFromQuery();
  const navigate = useNavigate();
  const resetMutation = useResetPassword();
  const [arePasswordsVisible, setArePasswordsVisible] = useState(false);

  const failure = resetMutation.isError ? getResetPasswordFailure(resetMutation.error) : null;
  let status: ResetPasswordStatus = emailFromQuery ? "cached" : "idle";
  if (resetMutation.isSuccess) status = "success";
  else if (failure) status = failure.status;

  const resetEmail = resetMutation.variables?.email;
  useEffect(() => {
    if (!resetMutation.isSuccess || !resetEmail) return;
    const timer = window.setTimeout(
      () => void navigate(`/login?${new URLSearchParams({ email: resetEmail })}`),
      SUCCESS_PAUSE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [resetMutation.isSuccess, resetEmail, navigate]);

  const isBusy = resetMutation.isPending || resetMutation.isSuccess;
  const submit = ({ email, password, securityCode }: ResetPasswordValues) => {
    if (isBusy) return;
    resetMutation.mutate({ email, password, securityCode });
  };

  const visibilityToggle = { visible: arePasswordsVisible, onVisibleChange: setArePasswordsVisible };

  return (
    <AuthPage>
      <AuthCard
        titleId="reset-password-title"
        title={t("resetPassword.title")}
        intro={t("resetPassword.intro")}
        links={
          <>
            <p>
              <Link
                to={`/login/find-user${emailFromQuery ? `?${new URLSearchParams({ email: emailFromQuery })}` : ""}`}
              >
                {t("resetPassword.requestNewCode")}
              </Link>
            </p>
            <p>
              <Link to="/login">{t("resetPassword.backToLogin")}</Link>
            </p>
          </>
        }
      >
        {status === "cached" && (
          <Notice
            type="info"
            role="status"
            className="auth-alert"
            title={t("resetPassword.codeSent", { email: emailFromQuery })}
          />
        )}
        {status === "success" && (
          <Notice type="success" role="status" className="auth-alert" title={t("resetPassword.success")} />
        )}
        {failure && <FailureAlert key={resetMutation.submittedAt} failure={failure} />}

        <VerticalForm<ResetPasswordValues>
          form={form}
          name="reset-password"
          initialValues={{ email: emailFromQuery }}
          onFinish={submit}
        >
          <EmailField />
          <NewPasswordField wording="reset" visibilityToggle={visibilityToggle} />
          <ConfirmPasswordField label={t("fields.confirmPassword")} passwordField="password">
            <NewPasswordInput visibilityToggle={visibilityToggle} />
          </ConfirmPasswordField>
          <Form.Item>
            {/* The registration's checkbox, so the account pages' checkboxes look and behave alike. */}
            <NativeCheckbox
              checked={arePasswordsVisible}
              onChange={(event) => setArePasswordsVisible(event.target.checked)}
            >
              {t("resetPassword.showPasswords")}
            </NativeCheckbox>
          </Form.Item>
          <Form.Item
            label={t("fields.securityCode")}
            name="securityCode"
            normalize={normalizeSecurityCode}
            rules={[
              { required: true, message: t("validation.securityCodeRequired") },
              {
                len: SECURITY_CODE_LENGTH,
                message: t("validation.securityCodeLength", { length: SECURITY_CODE_LENGTH }),
              },
            ]}
          >
            <Input autoComplete="one-time-code" size="large" spellCheck={false} autoCapitalize="characters" />
          </Form.Item>
          <SubmitButton isBusy={isBusy}>{t("resetPassword.submit")}</SubmitButton>
        </VerticalForm>
      </AuthCard>
    </AuthPage>
  );
}
