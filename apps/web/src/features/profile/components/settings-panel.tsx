import { LoadingOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export type SaveResult = "success" | "error" | null;

/** What the panel shows for a form's last outcome: "saved", one of its failures, or nothing yet. */
export const toSaveResult = (outcome: string | null): SaveResult =>
  outcome === null ? null : outcome === "saved" ? "success" : "error";

type SettingsPanelProps = {
  isEdited: boolean;
  isSaving: boolean;
  result: SaveResult;
  /** Shown when `result` is "error": product §8's text. */
  errorMessage: string;
  /** The save was refused because the session ended: say so, with the way back to the login page. */
  isLoggedOut?: boolean;
  onCancel: () => void;
  /** Omitted when Save submits the surrounding form. */
  onSave?: () => void;
};

/**
 * product §4 "Settings panel (shared)": Cancel and Save, enabled only while there are unsaved
 * changes, with "You have unsaved changes" or "Changes Saved" beside them, and an error above them.
 */
export function SettingsPanel({
  isEdited,
  isSaving,
  result,
  errorMessage,
  isLoggedOut = false,
  onCancel,
  onSave,
}: SettingsPanelProps) {
  const { t } = useTranslation("profile");
  const savedRef = useRef<HTMLParagraphElement>(null);

  // Saving disables the button that had focus; hand focus to the confirmation instead of the page.
  useEffect(() => {
    if (result === "success") savedRef.current?.focus();
  }, [result]);

  const isSaveEnabled = isEdited && !isSaving;
  return (
    <div className="settings-panel">
      {/* A row of its own above the buttons: beside them it was squeezed into a narrow column. */}
      {result === "error" && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={
            isLoggedOut ? (
              <>
                {t("panel.loggedOut")} <Link to="/login">{t("panel.loginAgain")}</Link>
              </>
            ) : (
              errorMessage
            )
          }
        />
      )}
      <div className="settings-panel-bar">
        <div role="status" className="settings-panel-status">
          {isEdited && <p className="settings-panel-unsaved">{t("panel.unsaved")}</p>}
          {!isEdited && result === "success" && (
            <p className="settings-panel-saved" ref={savedRef} tabIndex={-1}>
              {t("panel.saved")}
            </p>
          )}
        </div>
        <div className="settings-panel-actions">
          <Button size="large" onClick={onCancel} disabled={!isEdited || isSaving}>
            {t("panel.cancel")}
          </Button>
          <Button
            type="primary"
            size="large"
            htmlType={onSave ? "button" : "submit"}
            onClick={onSave}
            disabled={!isEdited && !isSaving}
            aria-disabled={!isSaveEnabled}
            aria-busy={isSaving}
            icon={isSaving ? <LoadingOutlined spin aria-hidden="true" /> : undefined}
          >
            {t("panel.save")}
          </Button>
        </div>
      </div>
    </div>
  );
}
