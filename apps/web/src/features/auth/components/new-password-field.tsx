import { PASSWORD_MAX_LENGTH } from "@precis/contract/account-rules";
import { Form, Input } from "antd";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { PasswordRequirementsHelp } from "@/features/auth/components/password-requirements-help";
import { passwordRequirementsRule } from "@/lib/form-rules";

/** Each screen's own wording of the field (product §5 words registration's and the reset's differently). */
const wordingKeys = {
  registration: {
    label: "fields.password",
    required: "validation.passwordRequired",
    requirementsNotMet: "validation.invalidPassword",
  },
  reset: {
    label: "fields.newPassword",
    required: "validation.newPasswordRequired",
    requirementsNotMet: "validation.passwordRequirementsNotMet",
  },
} as const;

type NewPasswordFieldProps = {
  wording: keyof typeof wordingKeys;
  /** Content stands beside the form: the requirements help may not open over it. */
  isBesideOtherContent?: boolean;
  /** A form whose password fields are shown and hidden together. */
  visibilityToggle?: ComponentProps<typeof Input.Password>["visibilityToggle"];
};

/**
 * The password a person chooses (registration, reset), as the form field `password`: required, held to
 * product §5's requirements, with their help beside it.
 */
export function NewPasswordField({ wording, isBesideOtherContent, visibilityToggle }: NewPasswordFieldProps) {
  const { t } = useTranslation("auth");
  const keys = wordingKeys[wording];
  return (
    <Form.Item
      label={t(keys.label)}
      name="password"
      rules={[{ required: true, message: t(keys.required) }, passwordRequirementsRule(t(keys.requirementsNotMet))]}
      extra={<PasswordRequirementsHelp isBesideOtherContent={isBesideOtherContent} />}
    >
      <NewPasswordInput visibilityToggle={visibilityToggle} />
    </Form.Item>
  );
}

/** The input of a password being chosen, here and in its confirmation: never the saved one, and product §5's length. */
export function NewPasswordInput(props: ComponentProps<typeof Input.Password>) {
  return <Input.Password autoComplete="new-password" size="large" maxLength={PASSWORD_MAX_LENGTH} {...props} />;
}
