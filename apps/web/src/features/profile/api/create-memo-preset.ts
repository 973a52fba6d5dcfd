import { type CreateMemoPresetRequest, memoSettingsOperations } from "@precis/contract/memo-options";
import { apiRequestChecked } from "@/lib/api-client";
import { useMemoOptionsChange } from "./get-memo-options";

/** A new preset from the defaults, or a copy of `copyFromId`; answers every preset and the new one's id. */
export function createMemoPreset(request: CreateMemoPresetRequest) {
  return apiRequestChecked(memoSettingsOperations.createMemoPreset, { body: request });
}

export function useCreateMemoPreset() {
  return useMemoOptionsChange(createMemoPreset, ({ options, selectedOptionId }) => ({ options, selectedOptionId }));
}
