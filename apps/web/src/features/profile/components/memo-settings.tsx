import { ReloadOutlined } from "@ant-design/icons";
import {
  type MemoOptionSet,
  type MemoSectionId,
  type MemoSettingKey,
  memoSectionIds,
  visibilityFlagBySection,
} from "@precis/contract/memo-options";
import { Alert, Button } from "antd";
import { type ReactNode, useDeferredValue, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PanelSection } from "@/components/panel-section";
import { isApiRequestError } from "@/lib/api-client";
import { readStoredValue, writeStoredValue } from "@/lib/browser-storage";
import { useMemoOptions } from "../api/get-memo-options";
import { useSaveMemoOptions } from "../api/save-memo-options";
import { choosePresetToEdit, type MemoOptions } from "../lib/memo-presets";
import { DEFAULT_PREVIEW_FOCUS, type PreviewFocus } from "../lib/memo-preview";
import { MemoOptionRows } from "./memo-option-rows";
import { MemoPresetBar } from "./memo-preset-bar";
import { MemoPreviewPane } from "./memo-preview-pane";
import { MemoSectionTree } from "./memo-section-tree";
import { SettingsPanel, toSaveResult } from "./settings-panel";

/** product §2 "Memo settings tab": loads the option set in use, then edits a copy of it. */
export function MemoSettings() {
  const { t } = useTranslation("profile");
  const options = useMemoOptions();
  // The first answer arrives as an urgent update, which React renders in one piece: the editor (tree, rows,
  // preview) then held a phone's main thread for most of a second. Its first appearance is deferred, so it
  // renders in slices that yield to the browser, with "Loading…" on screen meanwhile. Only the appearance: the
  // editor always gets the query's latest answer, never a deferred older one to start a draft from.
  const canShowEditor = useDeferredValue(options.data !== undefined);
  // A new attempt after a failure starts over as "pending" (no answer has ever arrived): the failure
  // stays on screen with its busy Try again button meanwhile, instead of turning back into "Loading…".
  const isAskingAgain = options.isPending && options.errorUpdateCount > 0;
  if (options.isError || isAskingAgain) {
    return (
      <MemoSettingsLoadFailed
        // A new alert per failed attempt, so a second failure is announced again.
        key={options.errorUpdateCount}
        isRetrying={options.isFetching}
        onRetry={() => void options.refetch()}
      />
    );
  }
  if (!options.data || !canShowEditor) {
    return (
      <p role="status" className="profile-loading">
        {t("loading")}
      </p>
    );
  }
  return <MemoPresetsAndEditor memoOptions={options.data} />;
}

/** Where the preset being edited is remembered, so a reload reopens it rather than the selected one. */
const EDITED_PRESET_STORAGE_KEY = "precis.memoPresetBeingEdited";

function readRememberedPresetId() {
  const stored = Number(readStoredValue("local", EDITED_PRESET_STORAGE_KEY));
  return Number.isInteger(stored) && stored !== 0 ? stored : null;
}

/**
 * The presets (issue 30) above the editor of one of them. The editor starts afresh each time another preset
 * is opened (its key), so its draft, preview and tree always belong to the preset the picker shows.
 */
function MemoPresetsAndEditor({ memoOptions }: { memoOptions: MemoOptions }) {
  const { t } = useTranslation("profile");
  const [editingId, setEditingId] = useState(readRememberedPresetId);
  const [editorKey, setEditorKey] = useState(0);
  const [isEditorEdited, setIsEditorEdited] = useState(false);
  const editing = choosePresetToEdit(memoOptions, editingId);

  const rememberEditing = (id: number) => {
    setEditingId(id);
    // The unsaved default is not worth remembering: it is what opens anyway.
    if (id > 0) writeStoredValue("local", EDITED_PRESET_STORAGE_KEY, String(id));
  };
  const openPreset = (id: number) => {
    rememberEditing(id);
    setEditorKey((key) => key + 1);
    setIsEditorEdited(false);
  };

  if (!editing) return <Alert type="error" showIcon role="alert" title={t("memo.loadFailed")} />;
  return (
    <MemoSettingsPanel>
      <MemoPresetBar memoOptions={memoOptions} editing={editing} isEditorEdited={isEditorEdited} onEdit={openPreset} />
      <MemoSettingsEditor
        key={editorKey}
        saved={editing}
        onEditedChange={setIsEditorEdited}
        // Saving the unsaved default stores it under a new id: keep editing it, without starting afresh.
        onSaved={rememberEditing}
      />
    </MemoSettingsPanel>
  );
}

/** The tab's panel under its heading and intro, around the editor or the failure to load it. */
function MemoSettingsPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation("profile");
  return (
    <PanelSection look="profile-panel" heading={t("memo.heading")} intro={t("memo.intro")}>
      {children}
    </PanelSection>
  );
}

/**
 * product §8's load failure, inside the tab's panel and under its heading rather than alone on the page, with
 * a way to ask again that says it is busy while it does.
 */
function MemoSettingsLoadFailed({ isRetrying, onRetry }: { isRetrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation("profile");
  return (
    <MemoSettingsPanel>
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t("memo.loadFailed")}
        action={
          <Button
            icon={<ReloadOutlined aria-hidden="true" />}
            loading={isRetrying}
            aria-busy={isRetrying}
            onClick={() => {
              if (!isRetrying) onRetry();
            }}
          >
            {t("memo.retry")}
          </Button>
        }
      />
    </MemoSettingsPanel>
  );
}

type Failure = "save" | "loggedOut";

type MemoSettingsEditorProps = {
  saved: MemoOptionSet;
  onEditedChange: (isEdited: boolean) => void;
  onSaved: (id: number) => void;
};

/**
 * product §4 "Memo settings page": any change marks it edited; Save and Cancel through the shared panel.
 * `saved` is the set in the query cache, which a save replaces; the editor keeps only its draft. The name is
 * the preset bar's to change, so a save sends the name the cache holds.
 */
function MemoSettingsEditor({ saved, onEditedChange, onSaved }: MemoSettingsEditorProps) {
  const { t } = useTranslation("profile");
  const [draft, setDraft] = useState(saved);
  const [focus, setFocus] = useState<PreviewFocus>(DEFAULT_PREVIEW_FOCUS);
  const [isEdited, setIsEdited] = useState(false);
  // What the last save came to; null once the set is edited again.
  const [outcome, setOutcome] = useState<"saved" | Failure | null>(null);
  const saveOptions = useSaveMemoOptions();

  useEffect(() => onEditedChange(isEdited), [isEdited, onEditedChange]);

  const change = (next: MemoOptionSet) => {
    setDraft(next);
    setIsEdited(true);
    setOutcome(null);
  };

  const choose = (row: MemoSettingKey, value: string) => {
    setFocus(row);
    change({ ...draft, [row]: value });
  };

  const setVisibleSections = (visibleIds: MemoSectionId[]) => {
    const flags = Object.fromEntries(
      memoSectionIds.map((id) => [visibilityFlagBySection[id], visibleIds.includes(id)]),
    );
    change({ ...draft, ...flags });
  };

  const save = () => {
    if (saveOptions.isPending || !isEdited) return;
    saveOptions.mutate(
      { ...draft, name: saved.name },
      {
        onSuccess: ({ options, updatedOptionId }) => {
          setDraft(options.find((set) => set.id === updatedOptionId) ?? { ...draft, id: updatedOptionId });
          setIsEdited(false);
          setOutcome("saved");
          onSaved(updatedOptionId);
        },
        onError: (error) => {
          // The edits stay on screen so the user can try again.
          setOutcome(isApiRequestError(error) && error.status === 401 ? "loggedOut" : "save");
        },
      },
    );
  };

  const cancel = () => {
    setDraft(saved);
    setFocus(DEFAULT_PREVIEW_FOCUS);
    setIsEdited(false);
    setOutcome(null);
  };

  return (
    <div className="memo-settings-layout">
      <div className="memo-settings-controls">
        <MemoOptionRows choices={draft} onChoose={choose} />
        <h3 className="memo-settings-subheading">{t("memo.sections.heading")}</h3>
        <MemoSectionTree
          set={draft}
          onOrderingChange={(memoOrdering) => change({ ...draft, memoOrdering })}
          onVisibilityChange={setVisibleSections}
        />
        <SettingsPanel
          isEdited={isEdited}
          isSaving={saveOptions.isPending}
          result={toSaveResult(outcome)}
          isLoggedOut={outcome === "loggedOut"}
          errorMessage={t("memo.saveFailed")}
          onCancel={cancel}
          onSave={save}
        />
      </div>
      <MemoPreviewPane set={draft} focus={focus} />
    </div>
  );
}
