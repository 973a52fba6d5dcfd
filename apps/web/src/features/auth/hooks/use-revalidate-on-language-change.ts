import type { FormInstance } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * Field errors are texts produced when the field was checked; after a language switch the
 * fields that show one are checked again, so their message comes in the new language.
 */
export function useRevalidateOnLanguageChange(form: FormInstance) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const previousLanguage = useRef(language);
  useEffect(() => {
    if (previousLanguage.current === language) return;
    previousLanguage.current = language;
    const invalidFields = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    // The rejection only repeats the errors the fields now show.
    if (invalidFields.length > 0) form.validateFields(invalidFields).catch(() => {});
  }, [form, language]);
}
