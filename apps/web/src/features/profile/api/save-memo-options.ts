import { type MemoOptionSet, memoSettingsOperations } from "@precis/contract/memo-options";
import { apiRequestChecked } from "@/lib/api-client";
import { applySavedOptions } from "../lib/memo-presets";
import { useMemoOptionsChange } from "./get-memo-options";

export function saveMemoOptions(set: MemoOptionSet) {
  return apiRequestChecked(memoSettingsOperations.saveUserOptions, { body: set });
}

/** Saves a whole preset (its settings, or its new name); the selection stays as it was (see applySavedOptions). */
export function useSaveMemoOptions() {
  return useMemoOptionsChange(saveMemoOptions, (saved, previous) => applySavedOptions(previous, saved));
}
