import { CopyOutlined } from "@ant-design/icons";
import type { TotpSetup } from "@precis/contract/mfa";
import { Button, Form, QRCode } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticatorCodeField } from "@/components/authenticator-code-field";
import { SubmitOrCancel } from "@/components/submit-or-cancel";
import { VerticalForm } from "@/components/vertical-form";
import { useClientConfig } from "@/lib/client-config";
import { useEnableTotp } from "../api/enable-totp";
import { getFactorFailure } from "../lib/factor-errors";
import { formatSetupKey } from "../lib/recovery-codes";
import { FactorFailureNotice, useFactorFailureText } from "./factor-failure";

type CodeValues = { code: string };

/**
 * Turning the authenticator app on: its QR code, drawn here from the `otpauth://` address (no service sees the
 * secret), the key to type in by hand, then a code from the app to prove it holds the secret.
 */
export function TotpSetupView({
  setup,
  onEnabled,
  onCancel,
  onRestart,
}: {
  setup: TotpSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
  /** The server holds no setup to confirm any more (409): start again. */
  onRestart: () => void;
}) {
  const { t } = useTranslation("security");
  const { productName } = useClientConfig();
  const [form] = Form.useForm<CodeValues>();
  const enableMutation = useEnableTotp();
  const failureText = useFactorFailureText();
  const [failure, setFailure] = useState<string | null>(null);
  const [keyNews, setKeyNews] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const submit = ({ code }: CodeValues) => {
    if (enableMutation.isPending) return;
    setFailure(null);
    enableMutation.mutate(code.replace(/\s/g, ""), {
      onSuccess: onEnabled,
      onError: (error) => {
        const next = getFactorFailure(error);
        if (next.kind === "wrongCode") {
          form.setFields([{ name: "code", errors: [t("twoStep.setup.wrongCode")] }]);
          form.focusField("code");
          return;
        }
        if (next.kind === "conflict") {
          onRestart();
          return;
        }
        setFailure(failureText(next));
        form.focusField("code");
      },
    });
  };

  const copyKey = () => {
    setKeyNews(null);
    navigator.clipboard
      .writeText(setup.secret)
      .then(() => setKeyNews(t("twoStep.setup.keyCopied")))
      .catch(() => setKeyNews(null));
  };

  return (
    <div className="totp-setup">
      <h3 ref={headingRef} tabIndex={-1} className="security-subheading focus-target">
        {t("twoStep.setup.heading")}
      </h3>
      <ol className="totp-steps">
        <li>
          <p>{t("twoStep.setup.scan")}</p>
          <div className="totp-scan">
            <div className="totp-qr">
              {/* Its aria-label reaches the <svg role="img"> antd draws. */}
              <QRCode
                value={setup.otpauthUri}
                type="svg"
                size={176}
                bordered={false}
                errorLevel="M"
                aria-label={t("twoStep.setup.qrLabel", { productName })}
              />
            </div>
            <div className="totp-manual">
              <p>{t("twoStep.setup.manual")}</p>
              <p className="totp-secret-line">
                <span className="visually-hidden">{t("twoStep.setup.secretLabel")} </span>
                <code className="totp-secret" data-secret={setup.secret}>
                  {formatSetupKey(setup.secret)}
                </code>
              </p>
              <Button size="small" icon={<CopyOutlined aria-hidden="true" />} onClick={copyKey}>
                {t("twoStep.setup.copyKey")}
              </Button>
              <p role="status" className="security-inline-news">
                {keyNews}
              </p>
            </div>
          </div>
        </li>
        <li>
          <p>{t("twoStep.setup.enterCode", { productName })}</p>
          {failure && <FactorFailureNotice key={enableMutation.submittedAt} text={failure} />}
          <VerticalForm<CodeValues> form={form} name="totp-setup" onFinish={submit} className="totp-code-form">
            <AuthenticatorCodeField
              label={t("twoStep.setup.code")}
              requiredMessage={t("twoStep.setup.codeRequired")}
              formatMessage={t("twoStep.setup.codeFormat")}
              className="totp-code-input"
            />
            <SubmitOrCancel isBusy={enableMutation.isPending} onCancel={onCancel}>
              {t("twoStep.setup.submit")}
            </SubmitOrCancel>
          </VerticalForm>
        </li>
      </ol>
    </div>
  );
}
