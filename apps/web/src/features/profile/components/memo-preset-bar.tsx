import { CheckCircleFilled, DeleteOutlined, DownOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { MAX_MEMO_PRESETS, type MemoOptionSet } from "@precis/contract/memo-options";
import { Alert, Button, Dropdown, Popconfirm, type RefSelectProps, Select, Tag, Tooltip } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PanelSection } from "@/components/panel-section";
import { isApiRequestError } from "@/lib/api-client";
import { useCreateMemoPreset } from "../api/create-memo-preset";
import { useDeleteMemoPreset } from "../api/delete-memo-preset";
import { useSaveMemoOptions } from "../api/save-memo-options";
import { useSelectMemoPreset } from "../api/select-memo-preset";
import {
  canCreatePreset,
  canDeletePreset,
  type MemoOptions,
  presetDisplayName,
  sortPresetsForPicker,
} from "../lib/memo-presets";
import { PresetNameDialog, type PresetNameRequest } from "./preset-name-dialog";

type PresetFailure = "generic" | "loggedOut" | "gone" | "lastOne";

/** Why a change of presets failed, in the words the bar shows (409 on a deletion: it was the last one). */
function toPresetFailure(error: unknown): PresetFailure {
  if (!isApiRequestError(error)) return "generic";
  if (error.status === 401) return "loggedOut";
  if (error.status === 404) return "gone";
  if (error.status === 409) return "lastOne";
  return "generic";
}

type MemoPresetBarProps = {
  memoOptions: MemoOptions;
  editing: MemoOptionSet;
  /** The editor holds unsaved changes: switching or changing presets would lose them, so it waits. */
  isEditorEdited: boolean;
  onEdit: (id: number) => void;
};

/** What the bar last said happened, redrawn in the page's language. */
type PresetNotice = {
  key: "created" | "renamed" | "deleted" | "deletedInUse" | "selected";
  name: string;
  successor?: string;
};

/**
 * Issue 30's presets: which one the editor below shows, which one the extension uses, and the ways to add,
 * rename and delete them. Every action waits for the one before it, and for the editor's unsaved changes.
 */
export function MemoPresetBar({ memoOptions, editing, isEditorEdited, onEdit }: MemoPresetBarProps) {
  const { t } = useTranslation("profile");
  const displayName = (name: string) => presetDisplayName(name, t("memo.presets.profileDefaultName"));
  const { options, selectedOptionId } = memoOptions;
  const presets = sortPresetsForPicker(options);
  const pickerRef = useRef<RefSelectProps>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // The notice as a text key and its values, not as text: switching the language redraws it in the new one.
  const [notice, setNotice] = useState<PresetNotice | null>(null);
  const [failure, setFailure] = useState<PresetFailure | null>(null);
  const [nameRequest, setNameRequest] = useState<PresetNameRequest | null>(null);
  const [focusPickerAfterDialog, setFocusPickerAfterDialog] = useState(false);
  // Where focus goes once the change is on screen (the button pressed may be gone, or disabled meanwhile).
  const [focusTarget, setFocusTarget] = useState<"notice" | "picker" | null>(null);

  const createPreset = useCreateMemoPreset();
  const renamePreset = useSaveMemoOptions();
  const deletePreset = useDeleteMemoPreset();
  const selectPreset = useSelectMemoPreset();
  const isBusy = createPreset.isPending || renamePreset.isPending || deletePreset.isPending || selectPreset.isPending;
  const isLocked = isEditorEdited || isBusy;
  const isSelected = editing.id === selectedOptionId;
  const isCreateAllowed = canCreatePreset(options);
  const isDeleteAllowed = canDeletePreset(options);

  useEffect(() => {
    if (!focusTarget || isBusy) return;
    if (focusTarget === "notice") noticeRef.current?.focus();
    else pickerRef.current?.focus();
    setFocusTarget(null);
  }, [focusTarget, isBusy]);

  /** Says what happened where a screen reader hears it, and brings focus there when its button went away. */
  const announce = (text: PresetNotice, { moveFocus = false } = {}) => {
    setFailure(null);
    setNotice(text);
    if (moveFocus) setFocusTarget("notice");
  };

  const startAction = () => {
    setNotice(null);
    setFailure(null);
  };

  const submitName = async (name: string) => {
    if (!nameRequest) return;
    if (nameRequest.kind === "rename") {
      await renamePreset.mutateAsync({ ...nameRequest.preset, name });
      announce({ key: "renamed", name });
      return;
    }
    const copyFromId =
      nameRequest.kind === "duplicate" && nameRequest.preset.id > 0 ? nameRequest.preset.id : undefined;
    const created = await createPreset.mutateAsync({ name, copyFromId });
    // The cache already holds the new preset, but TanStack Query tells its readers on a later task: open it only
    // then, or the editor opens on the list without it, falls back to the preset in use, and a Save writes there.
    await new Promise((resolve) => setTimeout(resolve, 0));
    onEdit(created.updatedOptionId);
    const createdName = created.options.find((set) => set.id === created.updatedOptionId)?.name ?? name;
    announce({ key: "created", name: createdName });
    setFocusPickerAfterDialog(true);
  };

  const remove = async () => {
    startAction();
    try {
      const wasInUse = isSelected;
      const answer = await deletePreset.mutateAsync(editing.id);
      const next = answer.options.find((set) => set.id === answer.selectedOptionId) ?? answer.options[0];
      if (next) onEdit(next.id);
      // Deleting the one memos use hands them to another: say which, so nobody learns it from a memo.
      announce(
        wasInUse && next
          ? { key: "deletedInUse", name: editing.name, successor: next.name }
          : { key: "deleted", name: editing.name },
      );
      setFocusTarget("picker");
    } catch (error) {
      setFailure(toPresetFailure(error));
    }
  };

  const chooseForMemos = () => {
    startAction();
    selectPreset.mutate(editing.id, {
      onSuccess: () => announce({ key: "selected", name: editing.name }, { moveFocus: true }),
      onError: (error) => setFailure(toPresetFailure(error)),
    });
  };

  const deleteButton = (
    <Button
      danger
      icon={<DeleteOutlined aria-hidden="true" />}
      disabled={isLocked || !isDeleteAllowed}
      aria-describedby={isDeleteAllowed ? undefined : "memo-presets-last-one"}
    >
      {t("memo.presets.delete")}
    </Button>
  );

  return (
    <PanelSection
      look="memo-presets"
      headingLevel={3}
      heading={t("memo.presets.heading")}
      intro={t("memo.presets.intro")}
    >
      <div className="memo-presets-bar">
        <div className="memo-presets-picker">
          <label htmlFor="memo-preset-picker" className="memo-presets-label">
            {t("memo.presets.picker")}
          </label>
          <Select
            id="memo-preset-picker"
            ref={pickerRef}
            className="memo-presets-select"
            value={editing.id}
            disabled={isLocked}
            popupMatchSelectWidth={false}
            onChange={(id: number) => {
              startAction();
              onEdit(id);
            }}
            options={presets.map((preset) => ({
              value: preset.id,
              label: (
                <span className="memo-presets-option">
                  <span className="memo-presets-option-name">{displayName(preset.name)}</span>
                  {preset.id === selectedOptionId && (
                    <Tag color="success" className="memo-presets-option-tag">
                      {t("memo.presets.inUseShort")}
                    </Tag>
                  )}
                </span>
              ),
            }))}
          />
        </div>
        <div className="memo-presets-actions">
          {isSelected ? (
            <span className="memo-presets-in-use">
              <CheckCircleFilled aria-hidden="true" /> {t("memo.presets.inUse")}
            </span>
          ) : (
            <Button
              type="primary"
              ghost
              onClick={chooseForMemos}
              disabled={isLocked}
              loading={selectPreset.isPending}
              aria-busy={selectPreset.isPending}
            >
              {t("memo.presets.use")}
            </Button>
          )}
          <Tooltip title={isCreateAllowed ? undefined : t("memo.presets.limitReached", { max: MAX_MEMO_PRESETS })}>
            {/* A disabled button gets no pointer events: the wrapper is what the tooltip listens to. */}
            <span className="memo-presets-tooltip-anchor">
              <Dropdown
                disabled={isLocked || !isCreateAllowed}
                trigger={["click"]}
                // The menu takes focus as it opens, so arrow keys and Enter choose an item.
                autoFocus
                menu={{
                  items: [
                    { key: "defaults", label: t("memo.presets.newFromDefaults") },
                    { key: "duplicate", label: t("memo.presets.duplicate", { name: displayName(editing.name) }) },
                  ],
                  onClick: ({ key }) => {
                    startAction();
                    setNameRequest({ kind: key === "duplicate" ? "duplicate" : "defaults", preset: editing });
                  },
                }}
              >
                <Button
                  icon={<PlusOutlined aria-hidden="true" />}
                  disabled={isLocked || !isCreateAllowed}
                  aria-describedby={isCreateAllowed ? undefined : "memo-presets-limit"}
                >
                  {t("memo.presets.new")} <DownOutlined aria-hidden="true" />
                </Button>
              </Dropdown>
            </span>
          </Tooltip>
          <Button
            icon={<EditOutlined aria-hidden="true" />}
            disabled={isLocked}
            onClick={() => {
              startAction();
              setNameRequest({ kind: "rename", preset: editing });
            }}
          >
            {t("memo.presets.rename")}
          </Button>
          {isDeleteAllowed ? (
            <Popconfirm
              title={t("memo.presets.deleteConfirm", { name: displayName(editing.name) })}
              okText={t("memo.presets.deleteConfirmOk")}
              cancelText={t("memo.presets.deleteConfirmCancel")}
              okButtonProps={{ danger: true }}
              onConfirm={remove}
              disabled={isLocked}
            >
              {deleteButton}
            </Popconfirm>
          ) : (
            <Tooltip title={t("memo.presets.lastOne")}>
              <span className="memo-presets-tooltip-anchor">{deleteButton}</span>
            </Tooltip>
          )}
        </div>
      </div>
      {/* Why a button is disabled, for a screen reader too (a tooltip needs a pointer). */}
      <span hidden id="memo-presets-last-one">
        {t("memo.presets.lastOne")}
      </span>
      <span hidden id="memo-presets-limit">
        {t("memo.presets.limitReached", { max: MAX_MEMO_PRESETS })}
      </span>
      {isEditorEdited && <p className="memo-presets-hint">{t("memo.presets.saveFirst")}</p>}
      <div role="status" className="memo-presets-status">
        {notice && (
          <p ref={noticeRef} tabIndex={-1} className="memo-presets-notice">
            {t(`memo.presets.${notice.key}`, {
              name: displayName(notice.name),
              successor: notice.successor ? displayName(notice.successor) : "",
            })}
          </p>
        )}
      </div>
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="memo-presets-alert"
          title={
            failure === "loggedOut" ? (
              <>
                {t("panel.loggedOut")} <Link to="/login">{t("panel.loginAgain")}</Link>
              </>
            ) : (
              t(`memo.presets.errors.${failure}`)
            )
          }
        />
      )}
      <PresetNameDialog
        request={nameRequest}
        existingNames={options.map((set) => set.name)}
        onSubmit={submitName}
        onClose={() => setNameRequest(null)}
        afterClose={() => {
          if (!focusPickerAfterDialog) return;
          setFocusPickerAfterDialog(false);
          setFocusTarget("picker");
        }}
      />
    </PanelSection>
  );
}
