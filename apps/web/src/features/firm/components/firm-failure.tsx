import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { isIdentityNotConfirmed } from "@/components/confirm-identity";
import { Notice } from "@/components/notice";
import { getCurrentLanguage } from "@/i18n";
import { formatRetryWait } from "@/lib/api-failures";
import { type FirmFailure, getFirmFailure, isBillingFailureKey } from "../lib/firm-errors";

/** The text of a refused firm call, in the page's language. */
export function useFirmFailureText() {
  const { t } = useTranslation("firm");
  return (error: unknown) => describeFirmFailure(getFirmFailure(error), t);
}

function describeFirmFailure(failure: FirmFailure, t: ReturnType<typeof useTranslation<"firm">>["t"]) {
  if (failure.key === "tooManyAttempts" || failure.key === "tooManyInvitations") {
    return failure.retryAfterSeconds === null
      ? t(`errors.${failure.key}`)
      : t(`errors.${failure.key}Wait`, { duration: formatRetryWait(failure.retryAfterSeconds, getCurrentLanguage()) });
  }
  if (isBillingFailureKey(failure.key)) return t(`billing.errors.${failure.key}`);
  return t(`errors.${failure.key}`);
}

/**
 * A panel's last refused call, said above its form or list: `showFailure(error)` words it, `clearFailure()` forgets it
 * as a new attempt starts. A closed confirm-identity dialog is a change of mind, not a refusal, and is not said. Each
 * refusal has its attempt, to key the notice by. Every firm panel kept this state and these two steps.
 */
export function useFirmFailure() {
  const failureText = useFirmFailureText();
  const [failure, setFailure] = useState<{ text: string; attempt: number; error: unknown } | null>(null);
  const showFailure = (error: unknown) => {
    if (isIdentityNotConfirmed(error)) return;
    setFailure({ text: failureText(error), attempt: Date.now(), error });
  };
  const clearFailure = () => setFailure(null);
  return { failure, showFailure, clearFailure };
}

/** A refusal above the form or list it concerns; keyed by the attempt, so the same refusal twice is said twice. */
export function FirmFailureNotice({ text, action }: { text: string; action?: ReactNode }) {
  return <Notice type="error" role="alert" className="firm-alert" title={text} description={action} />;
}

/** Whether a refusal was for want of seats: the screen then offers to add some (issue 44). */
export const isSeatsFull = (error: unknown) => {
  const { key } = getFirmFailure(error);
  return key === "seatsFullForInvitation" || key === "seatsFullForJoin";
};
