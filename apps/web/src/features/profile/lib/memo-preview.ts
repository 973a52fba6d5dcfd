import {
  type MemoOptionSet,
  type MemoOrderingNode,
  type MemoSectionId,
  type MemoSettingKey,
  memoFactsLengthValues,
  memoFactsPresentationValues,
  memoLangValues,
  memoSummaryValues,
  memoToneValues,
  visibilityFlagBySection,
} from "@precis/contract/memo-options";
import type { TFunction } from "i18next";
import {
  getFactsSample,
  languageSamples,
  type SampleText,
  summarySamples,
  toneSamples,
} from "../content/memo-preview-samples";

/** The row the preview describes: the one last changed; Summary on arrival and after Cancel (product §4). */
export type PreviewFocus = MemoSettingKey;
export const DEFAULT_PREVIEW_FOCUS: PreviewFocus = "memoSummary";

/** The five choices the preview reads; values come from the server or the toggles, so any string may arrive. */
export type PreviewChoices = Record<MemoSettingKey, string | undefined>;

function pick<const T extends readonly string[]>(values: T, value: string | undefined, fallback: T[number]): T[number] {
  return values.find((candidate) => candidate === value) ?? fallback;
}

/**
 * Each choice narrowed to a value the sample text exists for. product §3: an unset or unknown tone
 * reads as Personal and an unknown language as English; the other rows fall back to SPEC's defaults.
 */
export function resolvePreviewChoices(choices: PreviewChoices) {
  return {
    memoSummary: pick(memoSummaryValues, choices.memoSummary, "Auto"),
    memoFactsLength: pick(memoFactsLengthValues, choices.memoFactsLength, "Long"),
    memoFactsPresentation: pick(memoFactsPresentationValues, choices.memoFactsPresentation, "Bullet"),
    memoTone: pick(memoToneValues, choices.memoTone, "Personal"),
    memoLang: pick(memoLangValues, choices.memoLang, "English"),
  };
}

export function getPreviewSample(focus: PreviewFocus, choices: PreviewChoices): SampleText {
  const resolved = resolvePreviewChoices(choices);
  switch (focus) {
    case "memoSummary":
      return summarySamples[resolved.memoSummary];
    case "memoFactsLength":
    case "memoFactsPresentation":
      return getFactsSample(resolved.memoFactsLength, resolved.memoFactsPresentation);
    case "memoTone":
      return toneSamples[resolved.memoTone];
    case "memoLang":
      return languageSamples[resolved.memoLang];
  }
}

/**
 * product §2: "{summary length} Summary", "{facts length} {facts presentation} Facts", "{tone} Tone",
 * "{language} Summary", with each choice in the words of the screen's language.
 */
export function getPreviewHeading(focus: PreviewFocus, choices: PreviewChoices, t: TFunction<"profile">): string {
  const resolved = resolvePreviewChoices(choices);
  switch (focus) {
    case "memoSummary":
      return t("memo.preview.heading.summary", { value: t(`memo.preview.names.memoSummary.${resolved.memoSummary}`) });
    case "memoFactsLength":
    case "memoFactsPresentation":
      return t("memo.preview.heading.facts", {
        length: t(`memo.preview.names.memoFactsLength.${resolved.memoFactsLength}`),
        presentation: t(`memo.preview.names.memoFactsPresentation.${resolved.memoFactsPresentation}`),
      });
    case "memoTone":
      return t("memo.preview.heading.tone", { value: t(`memo.preview.names.memoTone.${resolved.memoTone}`) });
    case "memoLang":
      return t("memo.preview.heading.language", { value: t(`memo.preview.names.memoLang.${resolved.memoLang}`) });
  }
}

export type OutlineEntry = { id: MemoSectionId; children: OutlineEntry[] };

/**
 * The memo's sections as the extension will lay them out: in the tree's order, without the hidden
 * ones. A hidden section takes its sub-sections with it.
 */
export function getVisibleOutline(
  ordering: readonly MemoOrderingNode[],
  visibility: Pick<MemoOptionSet, (typeof visibilityFlagBySection)[MemoSectionId]>,
): OutlineEntry[] {
  return ordering
    .filter((node) => visibility[visibilityFlagBySection[node.id]])
    .map((node) => ({ id: node.id, children: getVisibleOutline(node.children ?? [], visibility) }));
}
