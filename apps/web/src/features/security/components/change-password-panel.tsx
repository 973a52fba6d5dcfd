import { CheckCircleFilled, MinusCircleOutlined } from "@ant-design/icons";
import {
  getUnmetPasswordRequirements,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordRequirements,
} from "@precis/contract/account-rules";
import type { Profile } from "@precis/contract/profile";
import { Form } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { PasswordInput } from "@/components/inputs";
import { LinkButton } from "@/components/link-button";
import { Notice } from "@/components/notice";
import { getCurrentLanguage } from "@/i18n";
import { formatRetryWait } from "@/lib/api-failures";
import { usePasswordLessAccount } from "@/lib/password-less-account";
import { useChangePassword } from "../api/change-password";
import { type ChangePasswordFailure, getChangePasswordFailure } from "../lib/change-password-errors";

type ChangePasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

/**
 * Issue 27: a new password, proven by the current one. Every other session ends with the change; this one
 * stays. A Google or Microsoft account has no password to change: it is told how to set one.
 */
export function ChangePasswordPanel({ profile }: { profile: Profile }) {
  const { t } = useTranslation(["security", "auth"]);
  const [form] = Form.useForm<ChangePasswordValues>();
  const changeMutation = useChangePassword();
  // Learnt from the server's 409, here or in the confirm-identity dialog: the profile does not say.
  const [hasNoPassword, rememberNoPassword] = usePasswordLessAccount();
  const [failure, setFailure] = useState<ChangePasswordFailure | null>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const newPassword: string = Form.useWatch("newPassword", form) ?? "";

  // The form is emptied on success: focus goes to the news rather than to the top of the page.
  useEffect(() => {
    if (changeMutation.isSuccess) successRef.current?.focus();
  }, [changeMutation.isSuccess]);

  const submit = ({ currentPassword, newPassword }: ChangePasswordValues) => {
    if (changeMutation.isPending) return;
    setFailure(null);
    changeMutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => form.resetFields(),
        onError: (error) => {
          const next = getChangePasswordFailure(error);
          if (next.kind === "noPassword") {
            rememberNoPassword();
            return;
          }
          if (next.kind === "field") {
            form.setFields([{ name: next.field, errors: [t(`auth:errors.${next.message}`)] }]);
            form.focusField(next.field);
            return;
          }
          setFailure(next);
          form.focusField("currentPassword");
        },
      },
    );
  };

  const failureText = (shown: Exclude<ChangePasswordFailure, { kind: "field" | "noPassword" }>) => {
    switch (shown.kind) {
      case "tooManyAttempts":
        return shown.retryAfterSeconds == null
          ? t("auth:errors.tooManyAttemptsNoDelay")
          : t("auth:errors.tooManyAttempts", {
              duration: formatRetryWait(shown.retryAfterSeconds, getCurrentLanguage()),
            });
      case "loggedOut":
        return t("security:password.loggedOut");
      case "network":
        return t("auth:errors.network");
      default:
        return t("auth:errors.unknown");
    }
  };

  return (
    <section className="security-panel" aria-labelledby="change-password-heading">
      <h2 id="change-password-heading" className="security-panel-heading">
        {t("security:password.heading")}
      </h2>
      {hasNoPassword ? (
        <Notice
          type="info"
          role="status"
          title={t("security:password.noPassword.title")}
          description={
            <>
              <p>{t("security:password.noPassword.description")}</p>
              <LinkButton to={`/login/find-user?${new URLSearchParams({ email: profile.email })}`}>
                {t("auth:login.forgotPassword")}
              </LinkButton>
            </>
          }
        />
      ) : (
        <>
          <p className="security-panel-intro">{t("security:password.intro")}</p>
          {changeMutation.isSuccess && (
            <div ref={successRef} tabIndex={-1} className="security-focus-target">
              <Notice type="success" role="status" className="security-alert" title={t("security:password.changed")} />
            </div>
          )}
          {failure && failure.kind !== "field" && failure.kind !== "noPassword" && (
            <Notice
              key={changeMutation.submittedAt}
              type="error"
              role="alert"
              className="security-alert"
              title={failureText(failure)}
            />
          )}
          <Form<ChangePasswordValues>
            form={form}
            name="change-password"
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            onValuesChange={() => {
              if (changeMutation.isSuccess) changeMutation.reset();
            }}
            scrollToFirstError={{ focus: true }}
            className="change-password-form"
          >
            <Form.Item
              label={t("security:password.current")}
              name="currentPassword"
              rules={[{ required: true, message: t("security:password.currentRequired") }]}
            >
              <PasswordInput autoComplete="current-password" size="large" maxLength={1024} />
            </Form.Item>
            <Form.Item
              label={t("auth:fields.newPassword")}
              name="newPassword"
              rules={[
                { required: true, message: t("auth:validation.newPasswordRequired") },
                {
                  validator: (_rule, value: unknown) =>
                    typeof value !== "string" || value === "" || getUnmetPasswordRequirements(value).length === 0
                      ? Promise.resolve()
                      : Promise.reject(new Error(t("auth:validation.passwordRequirementsNotMet"))),
                },
              ]}
              extra={<PasswordChecklist password={newPassword} />}
            >
              <PasswordInput autoComplete="new-password" size="large" maxLength={PASSWORD_MAX_LENGTH} />
            </Form.Item>
            <Form.Item
              label={t("security:password.confirm")}
              name="confirmPassword"
              dependencies={["newPassword"]}
              rules={[
                { required: true, message: t("auth:validation.confirmPasswordRequired") },
                ({ getFieldValue }) => ({
                  validator: (_rule, value: unknown) =>
                    !value || value === getFieldValue("newPassword")
                      ? Promise.resolve()
                      : Promise.reject(new Error(t("auth:validation.passwordsNotMatched"))),
                }),
              ]}
            >
              <PasswordInput autoComplete="new-password" size="large" maxLength={PASSWORD_MAX_LENGTH} />
            </Form.Item>
            <div className="security-form-actions">
              <BusyButton type="primary" htmlType="submit" size="large" isBusy={changeMutation.isPending}>
                {t("security:password.submit")}
              </BusyButton>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

/**
 * SPEC §5's four requirements, as registration lists them, each marked met as the new password is typed. It
 * is the field's description (antd's aria-describedby): a screen reader hears it on the field, with each
 * requirement's state.
 */
function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation(["security", "auth"]);
  const unmet = new Set(getUnmetPasswordRequirements(password));
  return (
    <div className="password-checklist">
      {t("auth:passwordRequirements.intro")}
      <ul>
        {passwordRequirements.map(({ id }) => {
          const isMet = password !== "" && !unmet.has(id);
          const Icon = isMet ? CheckCircleFilled : MinusCircleOutlined;
          return (
            <li key={id} className={isMet ? "password-checklist-met" : undefined}>
              <Icon aria-hidden="true" className="password-checklist-icon" />
              {t(`auth:passwordRequirements.${id}`, { min: PASSWORD_MIN_LENGTH })}
              <span className="visually-hidden">
                {" "}
                {t(isMet ? "security:password.requirementMet" : "security:password.requirementUnmet")}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
