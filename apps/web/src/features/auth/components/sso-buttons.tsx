import { GoogleOutlined, WindowsOutlined } from "@ant-design/icons";
import { Button, Divider } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * Google and Microsoft sign-in (SPEC §2), shown but disabled until SSO is configured; the note
 * says why, and each button points at it so screen readers hear the reason too.
 */
export function SsoButtons() {
  const { t } = useTranslation("auth");
  const noteId = useId();
  return (
    <>
      <div className="sso-buttons">
        <Button size="large" block disabled icon={<GoogleOutlined aria-hidden="true" />} aria-describedby={noteId}>
          {t("sso.google")}
        </Button>
        <Button size="large" block disabled icon={<WindowsOutlined aria-hidden="true" />} aria-describedby={noteId}>
          {t("sso.microsoft")}
        </Button>
        <p id={noteId} className="sso-note">
          {t("sso.comingSoon")}
        </p>
      </div>
      <Divider plain className="auth-divider">
        {t("sso.separator")}
      </Divider>
    </>
  );
}
