import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "@/components/notice";
import type { SsoErrorKey } from "@/features/auth/lib/sso-errors";

/** A failed SSO step's message, announced at once (role="alert"). Remount it per attempt (key). */
export function SsoFailureAlert({ failure }: { failure: SsoErrorKey }) {
  const { t } = useTranslation("sso");
  return <Notice type="error" role="alert" className="auth-alert" title={t(`errors.${failure}`)} />;
}

/**
 * The last failed SSO step of a page, as its alert (null when there is none): each failure shown is a new
 * attempt, so the same failure twice is announced twice.
 */
export function useSsoFailureAlert() {
  const [failure, setFailure] = useState<{ key: SsoErrorKey; attempt: number } | null>(null);
  const showFailure = useCallback((key: SsoErrorKey) => setFailure({ key, attempt: Date.now() }), []);
  const clearFailure = useCallback(() => setFailure(null), []);
  const failureAlert = failure && <SsoFailureAlert key={failure.attempt} failure={failure.key} />;
  return { failureAlert, showFailure, clearFailure };
}
