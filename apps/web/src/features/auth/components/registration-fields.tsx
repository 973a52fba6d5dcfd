import { ExportOutlined } from "@ant-design/icons";
import { LEGAL_DOCUMENT_PATHS } from "@precis/contract/docs-pages";
import { occupations } from "@precis/contract/profile";
import { Form } from "antd";
import { type ReactNode, useId } from "react";
import { Trans, useTranslation } from "react-i18next";
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
 * The terms checkbox, as the form field `terms`. The message differs by form: product §5 gives the
 * SSO confirmation page's a trailing period. Its "terms and conditions" and "privacy policy" open the
 * documents in a new tab, so what was typed in the form stays where it is.
 */
export function TermsField({ requiredMessage, className }: { requiredMessage: string; className?: string }) {
  const { t } = useTranslation(["auth", "common"]);
  const newTabHintId = useId();
  const documentLink = (href: string) => <NewTabDocumentLink href={href} hintId={newTabHintId} />;
  return (
    <Form.Item
      className={className ? `auth-terms ${className}` : "auth-terms"}
      name="terms"
      valuePropName="checked"
      rules={[
        {
          validator: (_rule, value: unknown) =>
            value === true ? Promise.resolve() : Promise.reject(new Error(requiredMessage)),
        },
      ]}
    >
      <NativeCheckbox>
        <Trans
          t={t}
          i18nKey="register.terms"
          components={{
            termsLink: documentLink(LEGAL_DOCUMENT_PATHS.terms),
            privacyLink: documentLink(LEGAL_DOCUMENT_PATHS.privacy),
          }}
        />
        {/* Hidden, so it stays out of the checkbox's name; the links are described by it. */}
        <span id={newTabHintId} hidden>
          {t("common:opensInNewTab")}
        </span>
      </NativeCheckbox>
    </Form.Item>
  );
}

/**
 * A link inside the checkbox's label. Its "opens in a new tab" is a description rather than part of its text,
 * which would otherwise be read as part of the checkbox's name too. A click on it follows the link and leaves
 * the box as it was (a label does not toggle its control for a click on a link inside it).
 */
function NewTabDocumentLink({ href, hintId, children }: { href: string; hintId: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener" aria-describedby={hintId}>
      {children}
      <ExportOutlined aria-hidden="true" className="new-tab-icon" />
    </a>
  );
}
