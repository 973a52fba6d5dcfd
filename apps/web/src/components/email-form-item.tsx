import { EMAIL_MAX_LENGTH } from "@precis/contract/account-rules";
import { Form, Input } from "antd";
import { trimValue } from "@/lib/form-rules";

/**
 * An email address as the form field `email` (product §5): required, an address, trimmed, at most as long as the
 * server takes. Each form says it in its own words.
 */
export function EmailFormItem({
  label,
  requiredMessage,
  invalidMessage,
}: {
  label: string;
  requiredMessage: string;
  invalidMessage: string;
}) {
  return (
    <Form.Item
      label={label}
      name="email"
      rules={[
        { required: true, message: requiredMessage },
        { type: "email", message: invalidMessage },
      ]}
      normalize={trimValue}
    >
      <Input type="email" autoComplete="email" size="large" maxLength={EMAIL_MAX_LENGTH} />
    </Form.Item>
  );
}
