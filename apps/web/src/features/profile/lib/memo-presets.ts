import {
  DEFAULT_PRESET_NAME,
  MAX_MEMO_PRESETS,
  MEMO_PRESET_NAME_MAX_LENGTH,
  type MemoOptionSet,
} from "@precis/contract/memo-options";

export type MemoOptions = { options: MemoOptionSet[]; selectedOptionId: number };

/**
 * The presets in the order they were made (ids grow), so the picker does not reshuffle each time one is
 * saved (the API lists the most recently saved first). The unsaved default (-1) comes first.
 */
export function sortPresetsForPicker(options: MemoOptionSet[]): MemoOptionSet[] {
  return [...options].sort((a, b) => a.id - b.id);
}

/** The preset to open in the editor: the one the user was editing last, while it exists; else the selected one. */
export function choosePresetToEdit(
  { options, selectedOptionId }: MemoOptions,
  rememberedId: number | null,
): MemoOptionSet | undefined {
  return (
    options.find((set) => set.id === rememberedId) ?? options.find((set) => set.id === selectedOptionId) ?? options[0]
  );
}

/**
 * What the cache holds after a save (`PUT /api/user-options` answers SPEC's shape, without the selection):
 * saving never changes the selection, except when the saved set replaced the unsaved default, which was it.
 */
export function applySavedOptions(
  previous: MemoOptions | undefined,
  saved: { options: MemoOptionSet[]; updatedOptionId: number },
): MemoOptions {
  const previousSelection = previous?.selectedOptionId;
  const isStillThere = saved.options.some((set) => set.id === previousSelection);
  return {
    options: saved.options,
    selectedOptionId: isStillThere && previousSelection !== undefined ? previousSelection : saved.updatedOptionId,
  };
}

export const canCreatePreset = (options: MemoOptionSet[]) => options.length < MAX_MEMO_PRESETS;
export const canDeletePreset = (options: MemoOptionSet[]) => options.length > 1;

/**
 * A name for a new preset that none of the user's presets has yet: `base`, else "base (2)", "base (3)"…,
 * cut so the whole fits the 60 characters a name may have.
 */
export function suggestPresetName(base: string, existingNames: string[]): string {
  const taken = new Set(existingNames.map((name) => name.trim().toLocaleLowerCase()));
  const fit = (text: string, suffix = "") =>
    `${text.slice(0, MEMO_PRESET_NAME_MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
  const first = fit(base);
  if (!taken.has(first.toLocaleLowerCase())) return first;
  for (let number = 2; ; number += 1) {
    const candidate = fit(base, ` (${number})`);
    if (!taken.has(candidate.toLocaleLowerCase())) return candidate;
  }
}

/** A preset's name as the reader sees it: SPEC's placeholder for the default set is shown as `defaultLabel`. */
export const presetDisplayName = (name: string, defaultLabel: string) =>
  name === DEFAULT_PRESET_NAME ? defaultLabel : name;
