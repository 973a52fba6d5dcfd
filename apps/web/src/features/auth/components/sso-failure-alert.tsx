import { useTranslation } from "react-i18next";
import { Notice } from "@/components/notice";
import type { SsoErrorKey } from "@/features/auth/lib/sso-errors";

/** A failed SSO step's message, announced at once (role="alert"). Remount it per attempt (key). */
export function SsoFailureAlert({ failure }: { failure: SsoErrorKey }) {
  const { t } = useTranslation("sso");
  return <Notice type="error" role="alert" className="auth-alert" title={t(`errors.${failure}`)} />;
}
