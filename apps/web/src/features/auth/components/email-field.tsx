import { EMAIL_MAX_LENGTH } from "@precis/contract/account-rules";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { trimValue } from "@/lib/form-rules";

/** The Email field of every account form, as the form field `email`. product §5: required, and an email address. */
export function EmailField() {
  const { t } = useTranslation("auth");
  return (
    <Form.Item
      label={t("fields.email")}
      name="email"
      rules={[
        { required: true, message: t("validation.emailRequired") },
        { type: "email", message: t("validation.emailInvalid") },
      ]}
      normalize={trimValue}
    >
      <Input type="email" autoComplete="email" size="large" maxLength={EMAIL_MAX_LENGTH} />
    </Form.Item>
  );
}
