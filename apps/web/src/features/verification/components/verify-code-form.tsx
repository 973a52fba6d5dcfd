import { Form, Input } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { useConfirmIdentity } from "@/components/confirm-identity";
import { VerticalForm } from "@/components/vertical-form";
import { useVerifyEmail } from "../api/verify-email";
import { getVerifyFailure } from "../lib/verification-errors";
import { VerificationFailureAlert } from "./verification-failure-alert";

type CodeValues = { code: string };

/** Codes are upper-case letters and digits: a code typed in lower case, or pasted with spaces, still counts. */
function normalizeCode(value: unknown): unknown {
  return typeof value === "string" ? value.replace(/\s+/g, "").toUpperCase() : value;
}

/**
 * The emailed code, checked against the signed-in account's newest one (`POST /api/verify-email { code }`):
 * the banner's dialog, the /verify-email page and its school section all use it.
 */
export function VerifyCodeForm({
  name,
  onVerified,
  autoFocus,
  secondaryAction,
}: {
  /** The form's name, which antd prefixes its field ids with: unique on the page. */
  name: string;
  /** With the address now proven (a school address, when the code was sent there). */
  onVerified?: (email: string) => void;
  autoFocus?: boolean;
  /** Beside the submit button: Cancel in the dialog, Resend on the page. */
  secondaryAction?: ReactNode;
}) {
  const { t } = useTranslation("verification");
  const [form] = Form.useForm<CodeValues>();
  // A code that moves the account to a new address needs a recent proof of identity (issue 42).
  const { confirmIdentityThen, dialog } = useConfirmIdentity();
  const verifyMutation = useVerifyEmail({ confirmIdentityThen });
  const failure = verifyMutation.isError ? getVerifyFailure(verifyMutation.error) : null;

  const submit = ({ code }: CodeValues) => {
    if (verifyMutation.isPending) return;
    verifyMutation.mutate(
      { code },
      {
        onSuccess: ({ email }) => onVerified?.(email),
        // Back in the field, ready for the code typed again: the alert above says what went wrong.
        onError: () => form.focusField("code"),
      },
    );
  };

  return (
    <>
      <VerticalForm<CodeValues> form={form} name={name} onFinish={submit} className="verification-code-form">
        {/* Keyed by the attempt, so the same failure twice is announced twice. */}
        {failure && <VerificationFailureAlert key={verifyMutation.submittedAt} failure={failure} />}
        <Form.Item
          label={t("codeForm.label")}
          name="code"
          normalize={normalizeCode}
          rules={[{ required: true, message: t("codeForm.required") }]}
        >
          <Input
            autoComplete="one-time-code"
            size="large"
            spellCheck={false}
            autoCapitalize="characters"
            autoFocus={autoFocus}
          />
        </Form.Item>
        <div className="verification-actions">
          <BusyButton type="primary" htmlType="submit" size="large" isBusy={verifyMutation.isPending}>
            {t("codeForm.submit")}
          </BusyButton>
          {secondaryAction}
        </div>
      </VerticalForm>
      {dialog}
    </>
  );
}
