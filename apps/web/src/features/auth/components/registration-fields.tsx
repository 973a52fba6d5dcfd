import { occupations } from "@precis/contract/profile";
import { Form } from "antd";
import { useTranslation } from "react-i18next";
import { NativeCheckbox } from "@/components/native-checkbox";
import { NativeSelect } from "@/components/native-select";
import { occupationLabelKeys } from "@/lib/occupation-labels";

/** The Occupation select of the registration forms (email and SSO), as the form field `role`. */
export function OccupationField() {
  const { t } = useTranslation(["auth", "common"]);
  return (
    <Form.Item
      label={t("fields.occupation")}
      name="role"
      rules={[{ required: true, message: t("validation.occupationRequired") }]}
    >
      <NativeSelect
        options={occupations.map((occupation) => ({ value: occupation, label: t(occupationLabelKeys[occupation]) }))}
      />
    </Form.Item>
  );
}

/**
 * The terms checkbox, as the form field `terms`. The message differs by form: SPEC §5 gives the
 * SSO confirmation page's a trailing period.
 */
export function TermsField({ requiredMessage, className }: { requiredMessage: string; className?: string }) {
  const { t } = useTranslation("auth");
  return (
    <Form.Item
      className={className}
      name="terms"
      valuePropName="checked"
      rules={[
        {
          validator: (_rule, value: unknown) =>
            value === true ? Promise.resolve() : Promise.reject(new Error(requiredMessage)),
        },
      ]}
    >
      <NativeCheckbox>{t("register.terms")}</NativeCheckbox>
    </Form.Item>
  );
}
