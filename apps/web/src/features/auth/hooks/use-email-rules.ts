import type { FormRule } from "antd";
import { useTranslation } from "react-i18next";

/** SPEC §5: the email is required and must look like an email address. */
export function useEmailRules(): FormRule[] {
  const { t } = useTranslation("auth");
  return [
    { required: true, message: t("validation.emailRequired") },
    { type: "email", message: t("validation.emailInvalid") },
  ];
}
