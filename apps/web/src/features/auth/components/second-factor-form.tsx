import { Button, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticatorCodeField } from "@/components/authenticator-code-field";
import { VerticalForm } from "@/components/vertical-form";
import { useLogInWithSecondFactor } from "@/features/auth/api/login-second-factor";
import { FailureAlert } from "@/features/auth/components/failure-alert";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { type Failure, getSecondFactorFailure } from "@/lib/account-errors";
import { useClientConfig } from "@/lib/client-config";
import { isUsedRecoveryCode } from "@/lib/used-recovery-code";

type CodeValues = { code: string };

/**
 * The login's second step, for an account with the authenticator app on: the app's code, or one of the recovery
 * codes for whoever cannot reach the phone. The first step's token (five minutes, five wrong codes) goes with it.
 */
export function SecondFactorForm({
  secondFactorToken,
  email,
  onSignedIn,
  onExpired,
  onBack,
}: {
  secondFactorToken: string;
  email: string;
  onSignedIn: () => void;
  /** The token is spent or too old: back to the password. */
  onExpired: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation("auth");
  const { productName } = useClientConfig();
  const [form] = Form.useForm<CodeValues>();
  const secondFactorMutation = useLogInWithSecondFactor();
  const [isRecovery, setIsRecovery] = useState(false);
  const [failure, setFailure] = useState<{ failure: Failure; attempt: number } | null>(null);
  const isBusy = secondFactorMutation.isPending || secondFactorMutation.isSuccess;

  const submit = ({ code }: CodeValues) => {
    if (isBusy) return;
    setFailure(null);
    secondFactorMutation.mutate(
      { secondFactorToken, code: code.trim() },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const next = getSecondFactorFailure(error);
          if (next.kind === "expired") {
            onExpired();
            return;
          }
          if (next.kind === "wrongCode") {
            const text = isUsedRecoveryCode(error) ? t("errors.usedRecoveryCode") : t("errors.wrongCode");
            form.setFields([{ name: "code", errors: [text] }]);
            form.focusField("code");
            return;
          }
          setFailure({ failure: next.failure, attempt: Date.now() });
          form.focusField("code");
        },
      },
    );
  };

  const switchKind = () => {
    setIsRecovery((current) => !current);
    setFailure(null);
    form.resetFields();
    // The field is drawn again for the other kind of code: focus follows it.
    window.setTimeout(() => form.focusField("code"));
  };

  return (
    <>
      <p className="auth-intro">
        {isRecovery ? t("secondFactor.recoveryIntro") : t("secondFactor.intro", { productName })}
      </p>
      <p className="auth-second-factor-account">{t("secondFactor.account", { email })}</p>
      {failure && <FailureAlert key={failure.attempt} failure={failure.failure} />}
      <VerticalForm<CodeValues> form={form} name="second-factor" onFinish={submit}>
        {isRecovery ? (
          <Form.Item
            key="recovery"
            label={t("secondFactor.recoveryCode")}
            name="code"
            rules={[{ required: true, whitespace: true, message: t("secondFactor.recoveryCodeRequired") }]}
          >
            <Input size="large" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={32} />
          </Form.Item>
        ) : (
          <AuthenticatorCodeField
            key="app"
            label={t("secondFactor.code")}
            requiredMessage={t("secondFactor.codeRequired")}
            formatMessage={t("secondFactor.codeFormat")}
            className="auth-code-input"
            autoFocus
          />
        )}
        <SubmitButton isBusy={isBusy}>{t("secondFactor.submit")}</SubmitButton>
      </VerticalForm>
      <div className="auth-second-factor-links">
        <Button type="link" className="auth-link-button" onClick={switchKind}>
          {isRecovery ? t("secondFactor.useApp") : t("secondFactor.useRecoveryCode")}
        </Button>
        <Button type="link" className="auth-link-button" onClick={onBack}>
          {t("secondFactor.back")}
        </Button>
      </div>
    </>
  );
}
