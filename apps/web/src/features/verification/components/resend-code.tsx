import { CheckCircleFilled, CloseCircleFilled } from "@ant-design/icons";
import type { ButtonProps } from "antd";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import type { useResendVerification } from "../api/resend-verification";
import { getResendFailure } from "../lib/verification-errors";
import { useVerificationFailureText } from "./verification-failure-alert";

type ResendMutation = ReturnType<typeof useResendVerification>;

/** Sends a new code to the account's own address; busy while the request runs. */
export function ResendButton({ mutation, size }: { mutation: ResendMutation; size?: ButtonProps["size"] }) {
  const { t } = useTranslation("verification");
  const resend = () => {
    if (!mutation.isPending) mutation.mutate({});
  };
  return (
    <BusyButton size={size} isBusy={mutation.isPending} onClick={resend}>
      {t("banner.resend")}
    </BusyButton>
  );
}

/** Where the new code went, or why it was not sent: one line, announced (the success politely). */
export function ResendStatus({ mutation }: { mutation: ResendMutation }) {
  const { t } = useTranslation("verification");
  if (mutation.isSuccess) {
    return (
      <p role="status" className="verification-status">
        <CheckCircleFilled aria-hidden="true" className="verification-status-icon-success" />
        {t("banner.codeSent", { email: mutation.data })}
      </p>
    );
  }
  if (mutation.isError) return <ResendFailure key={mutation.submittedAt} error={mutation.error} />;
  return null;
}

function ResendFailure({ error }: { error: unknown }) {
  const text = useVerificationFailureText(getResendFailure(error));
  return (
    <p role="alert" className="verification-status">
      <CloseCircleFilled aria-hidden="true" className="verification-status-icon-error" />
      {text}
    </p>
  );
}
