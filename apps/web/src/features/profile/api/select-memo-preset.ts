import { memoSettingsOperations } from "@precis/contract/memo-options";
import { apiRequestChecked } from "@/lib/api-client";
import { useMemoOptionsChange } from "./get-memo-options";

/** Makes one preset the one the extension uses. */
export function selectMemoPreset(id: number) {
  return apiRequestChecked(memoSettingsOperations.selectMemoPreset, { body: { id } });
}

export function useSelectMemoPreset() {
  return useMemoOptionsChange(selectMemoPreset, (answer) => answer);
}
