import {
  type MemoOptionSet,
  type MemoSectionId,
  type MemoSettingKey,
  memoSectionIds,
  visibilityFlagBySection,
} from "@precis/contract/memo-options";
import { Alert, Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiRequestError } from "@/lib/api-client";
import { useMemoOptions } from "../api/get-memo-options";
import { useSaveMemoOptions } from "../api/save-memo-options";
import { DEFAULT_PREVIEW_FOCUS, type PreviewFocus } from "../lib/memo-preview";
import { MemoOptionRows } from "./memo-option-rows";
import { MemoPreviewPane } from "./memo-preview-pane";
import { MemoSectionTree } from "./memo-section-tree";
import { type SaveResult, SettingsPanel } from "./settings-panel";

/** SPEC §2 "Memo settings tab": loads the option set in use, then edits a copy of it. */
export function MemoSettings() {
  const { t } = useTranslation("profile");
  const options = useMemoOptions();
  if (options.isPending) {
    return (
      <p role="status" className="profile-loading">
        {t("loading")}
      </p>
    );
  }
  if (options.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t("memo.loadFailed")}
        action={<Button onClick={() => window.location.reload()}>{t("memo.reload")}</Button>}
      />
    );
  }
  const { options: sets, selectedOptionId } = options.data;
  const selected = sets.find((set) => set.id === selectedOptionId) ?? sets[0];
  if (!selected) return <Alert type="error" showIcon role="alert" title={t("memo.loadFailed")} />;
  return <MemoSettingsEditor saved={selected} />;
}

type Failure = "save" | "loggedOut";

/** SPEC §4 "Memo settings page": any change marks it edited; Save and Cancel through the shared panel. */
function MemoSettingsEditor({ saved: initiallySaved }: { saved: MemoOptionSet }) {
  const { t } = useTranslation("profile");
  const [saved, setSaved] = useState(initiallySaved);
  const [draft, setDraft] = useState(initiallySaved);
  const [focus, setFocus] = useState<PreviewFocus>(DEFAULT_PREVIEW_FOCUS);
  const [isEdited, setIsEdited] = useState(false);
  const [result, setResult] = useState<SaveResult>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const saveOptions = useSaveMemoOptions();

  const change = (next: MemoOptionSet) => {
    setDraft(next);
    setIsEdited(true);
    setResult(null);
    setFailure(null);
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
    saveOptions.mutate(draft, {
      onSuccess: ({ options, updatedOptionId }) => {
        const stored = options.find((set) => set.id === updatedOptionId) ?? { ...draft, id: updatedOptionId };
        setSaved(stored);
        setDraft(stored);
        setIsEdited(false);
        setResult("success");
      },
      onError: (error) => {
        // The edits stay on screen so the user can try again.
        setResult("error");
        setFailure(isApiRequestError(error) && error.status === 401 ? "loggedOut" : "save");
      },
    });
  };

  const cancel = () => {
    setDraft(saved);
    setFocus(DEFAULT_PREVIEW_FOCUS);
    setIsEdited(false);
    setResult(null);
    setFailure(null);
  };

  return (
    <section className="profile-panel" aria-labelledby="memo-settings-heading">
      <h2 id="memo-settings-heading" className="profile-panel-heading">
        {t("memo.heading")}
      </h2>
      <p className="profile-panel-intro">{t("memo.intro")}</p>
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
            result={result}
            isLoggedOut={failure === "loggedOut"}
            errorMessage={t("memo.saveFailed")}
            onCancel={cancel}
            onSave={save}
          />
        </div>
        <MemoPreviewPane set={draft} focus={focus} />
      </div>
    </section>
  );
}
