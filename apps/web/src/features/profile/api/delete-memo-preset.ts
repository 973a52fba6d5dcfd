import { memoSettingsOperations } from "@precis/contract/memo-options";
import { apiRequestChecked } from "@/lib/api-client";
import { useMemoOptionsChange } from "./get-memo-options";

/** Deletes one preset (the server refuses the last); answers the presets left and the selection. */
export function deleteMemoPreset(id: number) {
  return apiRequestChecked(memoSettingsOperations.deleteMemoPreset, { parameters: { id: String(id) } });
}

export function useDeleteMemoPreset() {
  return useMemoOptionsChange(deleteMemoPreset, (answer) => answer);
}
