import { getUnmetPasswordRequirements, hasInvisibleCharacters } from "@precis/contract/account-rules";
import type { FormRule } from "antd";
import { useTranslation } from "react-i18next";

/** Emails never hold spaces; trimming as the user types keeps a pasted " jane@x.ca" valid. */
export function trimValue(value: unknown): unknown {
  return typeof value === "string" ? value.trim() : value;
}

/** product §5's password rule, with the screen's own wording; an empty field is left to `required`. */
export function passwordRequirementsRule(message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      typeof value !== "string" || value === "" || getUnmetPasswordRequirements(value).length === 0
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

/** A confirmation field (a password typed twice) must equal `fieldName`; an empty field is left to `required`. */
export function matchesFieldRule(fieldName: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || value === getFieldValue(fieldName) ? Promise.resolve() : Promise.reject(new Error(message)),
  });
}

/**
 * A name or a code (a firm's, a person's, a passkey's) holds nothing invisible: a zero-width space or a direction
 * override would make it read as another (contract/text-fields.ts, which the server applies too).
 */
export function withoutInvisibleCharactersRule(message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      typeof value !== "string" || !hasInvisibleCharacters(value)
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

/** The rule above with the catalogue's own words, for any form's name field. */
export function useWithoutInvisibleCharactersRule(): FormRule {
  const { t } = useTranslation("common");
  return withoutInvisibleCharactersRule(t("invisibleCharacters"));
}
