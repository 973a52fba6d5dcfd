import { MAX_MEMO_PRESETS } from "@precis/contract/memo-options";
import { apiFailure, type FailedOutcome, type FailureResponses } from "../../lib/operations/failures.ts";
import type { createMemoPreset, PresetChangeResult, saveMemoOptions, selectMemoPreset } from "./service.ts";

const noSuchPreset = apiFailure(404, "This preset does not exist.");
const tooManyPresets = apiFailure(409, `You can keep at most ${MAX_MEMO_PRESETS} presets.`);

/** What each failed outcome of the memo settings routes answers. */
export const memoSettingsFailures = {
  save: { notFound: noSuchPreset, tooMany: tooManyPresets } satisfies FailureResponses<
    FailedOutcome<typeof saveMemoOptions, "saved">
  >,
  create: { notFound: noSuchPreset, tooMany: tooManyPresets } satisfies FailureResponses<
    FailedOutcome<typeof createMemoPreset, "created">
  >,
  select: { notFound: noSuchPreset } satisfies FailureResponses<FailedOutcome<typeof selectMemoPreset, "done">>,
  delete: {
    notFound: noSuchPreset,
    lastOne: apiFailure(409, "Your last preset cannot be deleted: the extension needs one."),
  } satisfies FailureResponses<Exclude<PresetChangeResult["outcome"], "done">>,
};
