import { getUnmetPasswordRequirements } from "@precis/contract/account-rules";
import type { FormRule } from "antd";

/** Emails never hold spaces; trimming as the user types keeps a pasted " jane@x.ca" valid. */
export function trimValue(value: unknown): unknown {
  return typeof value === "string" ? value.trim() : value;
}

/** SPEC §5's password rule, with the screen's own wording; an empty field is left to `required`. */
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
