import { Form, Input } from "antd";

/** Six digits, as the app shows them ("123 456" too). */
const AUTHENTICATOR_CODE_PATTERN = /^\d{3}\s?\d{3}$/;

/**
 * The authenticator app's six-digit code, named `code` in its form: at the login's second step and when the app is
 * set up. Each screen brings its own wording and the class that sizes the field on its page.
 */
export function AuthenticatorCodeField({
  label,
  requiredMessage,
  formatMessage,
  className,
  autoFocus,
}: {
  label: string;
  requiredMessage: string;
  formatMessage: string;
  className: string;
  autoFocus?: boolean;
}) {
  return (
    <Form.Item
      label={label}
      name="code"
      rules={[
        { required: true, message: requiredMessage },
        { pattern: AUTHENTICATOR_CODE_PATTERN, message: formatMessage },
      ]}
      // A leading space from a paste would fail the pattern; the one between the two halves is allowed.
      normalize={(value: string) => value.trimStart()}
    >
      <Input
        size="large"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        autoFocus={autoFocus}
        className={className}
      />
    </Form.Item>
  );
}
