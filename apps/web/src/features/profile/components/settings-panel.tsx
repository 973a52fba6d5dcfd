import { LoadingOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export type SaveResult = "success" | "error" | null;

type SettingsPanelProps = {
  isEdited: boolean;
  isSaving: boolean;
  result: SaveResult;
  /** Shown when `result` is "error": SPEC §8's text, or what happened instead (e.g. the session ended). */
  errorMessage?: ReactNode;
  onCancel: () => void;
  /** Omitted when Save submits the surrounding form. */
  onSave?: () => void;
};

/**
 * SPEC §4 "Settings panel (shared)": Cancel and Save, enabled only while there are unsaved
 * changes, with "You have unsaved changes", "Changes Saved" or an error text beside them.
 */
export function SettingsPanel({ isEdited, isSaving, result, errorMessage, onCancel, onSave }: SettingsPanelProps) {
  const { t } = useTranslation("profile");
  const savedRef = useRef<HTMLParagraphElement>(null);

  // Saving disables the button that had focus; hand focus to the confirmation instead of the page.
  useEffect(() => {
    if (result === "success") savedRef.current?.focus();
  }, [result]);

  const isSaveEnabled = isEdited && !isSaving;
  return (
    <div className="settings-panel">
      <div className="settings-panel-messages">
        <div role="status" className="settings-panel-status">
          {isEdited && <p className="settings-panel-unsaved">{t("panel.unsaved")}</p>}
          {!isEdited && result === "success" && (
            <p className="settings-panel-saved" ref={savedRef} tabIndex={-1}>
              {t("panel.saved")}
            </p>
          )}
        </div>
        {result === "error" && errorMessage && <Alert type="error" showIcon role="alert" title={errorMessage} />}
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
  );
}
