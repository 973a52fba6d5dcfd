import { InfoCircleOutlined } from "@ant-design/icons";
import { PASSWORD_MIN_LENGTH, passwordRequirements } from "@precis/contract/account-rules";
import { Button, Tooltip } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMediaQuery } from "@/hooks/use-media-query";

/**
 * From this width a centred account card (460 or 640 px) leaves the page's background beside it wider than
 * the tooltip (at most 250 px), so the tooltip can stand to the left of the form and cover none of it.
 */
const ROOM_BESIDE_FORM_QUERY = "(min-width: 1200px)";

/**
 * product §5's hover help: the four password requirements, where they cover no other field's label.
 * - Where the page's background is free to the left of the form (wide screens, a form with nothing
 *   beside it), a tooltip opens there on hover and on keyboard focus. Below the field it covered the
 *   labels of the fields under it.
 * - Elsewhere (narrower screens, and beside the welcome panel) the button shows the list below the field,
 *   in the form's flow, and hides it again.
 * Either way the list is in the form item's description (a hidden copy until it is shown below the field),
 * so screen readers hear it on the password field itself (antd's aria-describedby).
 */
export function PasswordRequirementsHelp({ isBesideOtherContent = false }: { isBesideOtherContent?: boolean }) {
  const { t } = useTranslation("auth");
  const listId = useId();
  const hasRoomBeside = useMediaQuery(ROOM_BESIDE_FORM_QUERY);
  const [isShownBelow, setIsShownBelow] = useState(false);
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
  // Undefined on the server and while hydrating: the button below the field, as the server drew it.
  const showsTooltip = hasRoomBeside === true && !isBesideOtherContent;
  const button = (
    <Button
      type="link"
      size="small"
      className="password-help-button"
      icon={<InfoCircleOutlined aria-hidden="true" />}
      {...(showsTooltip
        ? {}
        : {
            "aria-expanded": isShownBelow,
            "aria-controls": listId,
            onClick: () => setIsShownBelow((isShown) => !isShown),
          })}
    >
      {t("passwordRequirements.button")}
    </Button>
  );
  return (
    <>
      {showsTooltip ? (
        <Tooltip title={requirements} trigger={["hover", "focus"]} placement="left">
          {button}
        </Tooltip>
      ) : (
        button
      )}
      <div id={listId} className={!showsTooltip && isShownBelow ? "password-help-inline" : "visually-hidden"}>
        {requirements}
      </div>
    </>
  );
}
