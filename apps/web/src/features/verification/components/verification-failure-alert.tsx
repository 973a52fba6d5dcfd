import { useTranslation } from "react-i18next";
import { Notice } from "@/components/notice";
import { getCurrentLanguage } from "@/i18n";
import { formatDuration, toWaitMinutes } from "@/lib/format-duration";
import { type VerificationFailure, verificationFailureTexts } from "../lib/verification-errors";

/** The texts of a 429 that has no Retry-After to count down from. */
const noDelayTexts = {
  tooManyAttempts: "auth:errors.tooManyAttemptsNoDelay",
  tooManyCodes: "verification:errors.tooManyCodesNoDelay",
} as const;

/** A verification call's failure in words, with the wait after a 429. */
export function useVerificationFailureText(failure: VerificationFailure): string {
  const { t } = useTranslation(["verification", "auth"]);
  const { key, retryAfterSeconds } = failure;
  if (key !== "tooManyAttempts" && key !== "tooManyCodes") return t(verificationFailureTexts[key]);
  if (retryAfterSeconds == null) return t(noDelayTexts[key]);
  const duration = formatDuration(toWaitMinutes(retryAfterSeconds), "minute", getCurrentLanguage());
  return t(verificationFailureTexts[key], { duration });
}

/** A failed call's message, announced at once (role="alert"). */
export function VerificationFailureAlert({ failure }: { failure: VerificationFailure }) {
  return (
    <Notice type="error" role="alert" className="verification-alert" title={useVerificationFailureText(failure)} />
  );
}
