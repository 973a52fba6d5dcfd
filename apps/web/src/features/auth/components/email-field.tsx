import { useTranslation } from "react-i18next";
import { EmailFormItem } from "@/components/email-form-item";

/** The Email field of every account form, as the form field `email`. */
export function EmailField() {
  const { t } = useTranslation("auth");
  return (
    <EmailFormItem
      label={t("fields.email")}
      requiredMessage={t("validation.emailRequired")}
      invalidMessage={t("validation.emailInvalid")}
    />
  );
}
