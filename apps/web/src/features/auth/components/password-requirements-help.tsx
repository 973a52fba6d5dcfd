import { InfoCircleOutlined } from "@ant-design/icons";
import { PASSWORD_MIN_LENGTH, passwordRequirements } from "@precis/contract/account-rules";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { ClientTooltip } from "@/components/client-tooltip";

/**
 * SPEC §5's hover help: the four password requirements. The button opens the tooltip on hover
 * and on keyboard focus; the same list sits in the form item's description (a hidden copy), so
 * screen readers hear it on the password field itself.
 */
export function PasswordRequirementsHelp() {
  const { t } = useTranslation("auth");
  const requirements = (
    <>
      {t("passwordRequirements.intro")}
      <ul className="password-help-list">
        {passwordRequirements.map((requirement) => (
          <li key={requirement.id}>{t(`passwordRequirements.${requirement.id}`, { min: PASSWORD_MIN_LENGTH })}</li>
        ))}
      </ul>
    </>
  );
  return (
    <>
      <ClientTooltip title={requirements} trigger={["hover", "focus"]} placement="bottomLeft">
        <Button
          type="link"
          size="small"
          className="password-help-button"
          icon={<InfoCircleOutlined aria-hidden="true" />}
        >
          {t("passwordRequirements.button")}
        </Button>
      </ClientTooltip>
      <div className="visually-hidden">{requirements}</div>
    </>
  );
}
