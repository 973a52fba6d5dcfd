import { Form, Input, Modal, Radio } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SubmitOrCancel } from "@/components/submit-or-cancel";
import { VerticalForm } from "@/components/vertical-form";
import { isUsedRecoveryCode } from "@/lib/used-recovery-code";
import { useDisableTotp } from "../api/disable-totp";
import { getFactorFailure } from "../lib/factor-errors";
import { FactorFailureNotice, useFactorFailureText } from "./factor-failure";

type Method = "password" | "code";
type DisableValues = { method: Method; password?: string; code?: string };

/**
 * "Turn off two-step verification?": proven with the password, or with a code (the app's or a recovery code,
 * for whoever lost the phone). An account without a password has only the code.
 */
export function DisableTotpDialog({
  isOpen,
  hasPassword,
  onClose,
  onTurnedOff,
  afterClose,
}: {
  isOpen: boolean;
  hasPassword: boolean;
  onClose: () => void;
  /** `wasAlreadyOff`: another device had turned it off meanwhile (409). */
  onTurnedOff: (wasAlreadyOff: boolean) => void;
  afterClose: () => void;
}) {
  const { t } = useTranslation(["security", "auth"]);
  const [form] = Form.useForm<DisableValues>();
  const disableMutation = useDisableTotp();
  const failureText = useFactorFailureText();
  const [failure, setFailure] = useState<string | null>(null);
  const method: Method = Form.useWatch("method", form) ?? (hasPassword ? "password" : "code");

  const submit = (values: DisableValues) => {
    if (disableMutation.isPending) return;
    setFailure(null);
    const request =
      values.method === "password" ? { password: values.password ?? "" } : { code: (values.code ?? "").trim() };
    disableMutation.mutate(request, {
      onSuccess: () => onTurnedOff(false),
      onError: (error) => {
        const next = getFactorFailure(error);
        if (next.kind === "wrongCode") {
          const text = isUsedRecoveryCode(error)
            ? t("twoStep.disable.usedRecoveryCode")
            : t("twoStep.disable.wrongCode");
          form.setFields([{ name: "code", errors: [text] }]);
          form.focusField("code");
          return;
        }
        if (next.kind === "badPassword") {
          form.setFields([{ name: "password", errors: [t("auth:errors.badPassword")] }]);
          form.focusField("password");
          return;
        }
        if (next.kind === "conflict") {
          onTurnedOff(true);
          return;
        }
        setFailure(failureText(next));
      },
    });
  };

  return (
    <Modal
      open={isOpen}
      title={t("twoStep.disable.title")}
      onCancel={onClose}
      afterClose={afterClose}
      footer={null}
      // A fresh form each time: no password or failure left over from the last opening.
      destroyOnHidden
    >
      <VerticalForm<DisableValues>
        form={form}
        name="disable-totp"
        initialValues={{ method: hasPassword ? "password" : "code" }}
        onFinish={submit}
      >
        <p>{t("twoStep.disable.intro")}</p>
        {failure && <FactorFailureNotice key={disableMutation.submittedAt} text={failure} />}
        {hasPassword && (
          <Form.Item label={t("twoStep.disable.method")} name="method">
            <Radio.Group
              buttonStyle="solid"
              optionType="button"
              options={[
                { value: "password", label: t("twoStep.disable.withPassword") },
                { value: "code", label: t("twoStep.disable.withCode") },
              ]}
            />
          </Form.Item>
        )}
        {method === "password" ? (
          <Form.Item
            key="password"
            label={t("twoStep.disable.password")}
            name="password"
            rules={[{ required: true, message: t("twoStep.disable.passwordRequired") }]}
          >
            <Input.Password autoComplete="current-password" size="large" maxLength={1024} autoFocus />
          </Form.Item>
        ) : (
          <Form.Item
            key="code"
            label={t("twoStep.disable.code")}
            name="code"
            rules={[{ required: true, whitespace: true, message: t("twoStep.disable.codeRequired") }]}
          >
            <Input autoComplete="one-time-code" size="large" maxLength={32} autoFocus={!hasPassword} />
          </Form.Item>
        )}
        <SubmitOrCancel isBusy={disableMutation.isPending} isDanger onCancel={onClose}>
          {t("twoStep.disable.submit")}
        </SubmitOrCancel>
      </VerticalForm>
    </Modal>
  );
}
