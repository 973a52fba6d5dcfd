import { CheckCircleFilled, MinusCircleOutlined } from "@ant-design/icons";
import {
  getUnmetPasswordRequirements,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordRequirements,
} from "@precis/contract/account-rules";
import { Form, Input } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import type { ConfirmIdentityThen } from "@/components/confirm-identity";
import { isIdentityNotConfirmed } from "@/components/confirm-identity";
import { ConfirmPasswordField } from "@/components/confirm-password-field";
import { Notice } from "@/components/notice";
import { PanelSection } from "@/components/panel-section";
import { useTooManyAttemptsText } from "@/components/too-many-attempts";
import { VerticalForm } from "@/components/vertical-form";
import { passwordRequirementsRule } from "@/lib/form-rules";
import { useMfaStatus } from "@/lib/get-mfa-status";
import { usePasswordLessAccount } from "@/lib/password-less-account";
import { useChangePassword } from "../api/change-password";
import { type ChangePasswordFailure, getChangePasswordFailure } from "../lib/change-password-errors";

type ChangePasswordValues = { currentPassword?: string; newPassword: string; confirmPassword: string };

/**
 * Issue 27: a new password, proven by the current one. Every other session ends with the change; this one
 * stays. A Google or Microsoft account has no password to prove: it sets its first one ("Set a password"),
 * after a recent sign-in (the confirm-identity dialog asks when it is older than 15 minutes).
 */
export function ChangePasswordPanel({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const { t } = useTranslation(["security", "auth"]);
  const [form] = Form.useForm<ChangePasswordValues>();
  const changeMutation = useChangePassword({ confirmIdentityThen });
  const statusQuery = useMfaStatus();
  // The account's factors say whether it has a password; failing them, a 409 of this visit said it has none.
  const [isKnownPasswordLess, rememberNoPassword] = usePasswordLessAccount();
  const hasPassword = statusQuery.data?.hasPassword ?? !isKnownPasswordLess;
  const [failure, setFailure] = useState<ChangePasswordFailure | null>(null);
  // What the last success was: the account may have changed from "set" to "change" since.
  const [success, setSuccess] = useState<"changed" | "set" | null>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const newPassword: string = Form.useWatch("newPassword", form) ?? "";

  // The form is emptied on success: focus goes to the news rather than to the top of the page.
  useEffect(() => {
    if (success) successRef.current?.focus();
  }, [success]);

  const submit = ({ currentPassword, newPassword }: ChangePasswordValues) => {
    if (changeMutation.isPending) return;
    setFailure(null);
    setSuccess(null);
    const isSettingFirst = !hasPassword;
    changeMutation.mutate(isSettingFirst ? { newPassword } : { currentPassword, newPassword }, {
      onSuccess: () => {
        form.resetFields();
        setSuccess(isSettingFirst ? "set" : "changed");
      },
      onError: (error) => {
        // The dialog was closed: a change of mind, nothing to report.
        if (isIdentityNotConfirmed(error)) return;
        const next = getChangePasswordFailure(error);
        if (next.kind === "noPassword") {
          rememberNoPassword();
          void statusQuery.refetch();
          return;
        }
        if (next.kind === "field") {
          form.setFields([{ name: next.field, errors: [t(`auth:errors.${next.message}`)] }]);
          form.focusField(next.field);
          return;
        }
        setFailure(next);
        form.focusField(isSettingFirst ? "newPassword" : "currentPassword");
      },
    });
  };

  const tooManyAttemptsText = useTooManyAttemptsText();
  const failureText = (shown: Exclude<ChangePasswordFailure, { kind: "field" | "noPassword" }>) => {
    switch (shown.kind) {
      case "tooManyAttempts":
        return tooManyAttemptsText(shown.retryAfterSeconds);
      case "loggedOut":
        return t("security:password.loggedOut");
      case "network":
        return t("auth:errors.network");
      default:
        return t("auth:errors.unknown");
    }
  };

  return (
    <PanelSection
      look="security-panel"
      heading={t(hasPassword ? "security:password.heading" : "security:password.setHeading")}
      intro={t(hasPassword ? "security:password.intro" : "security:password.setIntro")}
    >
      {success && (
        <div ref={successRef} tabIndex={-1} className="focus-target">
          <Notice
            type="success"
            role="status"
            className="security-alert"
            title={t(success === "set" ? "security:password.set" : "security:password.changed")}
          />
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
      <VerticalForm<ChangePasswordValues>
        form={form}
        name="change-password"
        onFinish={submit}
        onValuesChange={() => {
          if (success) setSuccess(null);
        }}
        className="change-password-form"
      >
        {hasPassword && (
          <Form.Item
            label={t("security:password.current")}
            name="currentPassword"
            rules={[{ required: true, message: t("security:password.currentRequired") }]}
          >
            <Input.Password autoComplete="current-password" size="large" maxLength={1024} />
          </Form.Item>
        )}
        <Form.Item
          label={t("auth:fields.newPassword")}
          name="newPassword"
          rules={[
            { required: true, message: t("auth:validation.newPasswordRequired") },
            passwordRequirementsRule(t("auth:validation.passwordRequirementsNotMet")),
          ]}
          extra={<PasswordChecklist password={newPassword} />}
        >
          <Input.Password autoComplete="new-password" size="large" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <ConfirmPasswordField label={t("security:password.confirm")} passwordField="newPassword">
          <Input.Password autoComplete="new-password" size="large" maxLength={PASSWORD_MAX_LENGTH} />
        </ConfirmPasswordField>
        <div className="security-form-actions">
          <BusyButton type="primary" htmlType="submit" size="large" isBusy={changeMutation.isPending}>
            {t(hasPassword ? "security:password.submit" : "security:password.setSubmit")}
          </BusyButton>
        </div>
      </VerticalForm>
    </PanelSection>
  );
}

/**
 * product §5's four requirements, as registration lists them, each marked met as the new password is typed. It
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
