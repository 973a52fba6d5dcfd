import { Form } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { matchesFieldRule } from "@/lib/form-rules";

/**
 * The new password typed a second time (`confirmPassword`), checked again whenever `passwordField` changes. The
 * password input itself (`children`) is the screen's own, so it looks and toggles like the first one.
 */
export function ConfirmPasswordField({
  label,
  passwordField,
  children,
}: {
  label: string;
  passwordField: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <Form.Item
      label={label}
      name="confirmPassword"
      dependencies={[passwordField]}
      rules={[
        { required: true, message: t("validation.confirmPasswordRequired") },
        matchesFieldRule(passwordField, t("validation.passwordsNotMatched")),
      ]}
    >
      {children}
    </Form.Item>
  );
}
