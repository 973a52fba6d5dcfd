import { z } from "zod/mini";
import { apiErrorSchema } from "./api.ts";
import { operations, withSchemas } from "./operations.ts";
import { plainTextSchema } from "./text-fields.ts";

export const memoSummaryValues = ["Auto", "Long", "Medium", "Short"] as const;
export const memoFactsLengthValues = ["Long", "Short"] as const;
export const memoFactsPresentationValues = ["Bullet", "Paragraph"] as const;
export const memoToneValues = ["Personal", "Client", "Supervisor"] as const;
export const memoLangValues = ["English", "French"] as const;

/** The five settings, numbered in product §3's order. */
export const memoSettingKeys = [
  "memoSummary",
  "memoFactsLength",
  "memoFactsPresentation",
  "memoTone",
  "memoLang",
] as const;
export type MemoSettingKey = (typeof memoSettingKeys)[number];

export const memoSectionIds = [
  "case",
  "citation",
  "plaintiff",
  "defendant",
  "judges",
  "court",
  "decision_date",
  "summary",
  "facts",
  "arguments",
  "issues",
  "ratio",
  "analysis",
  "outcome",
] as const;
export const memoSectionIdSchema = z.enum(memoSectionIds);
export type MemoSectionId = z.infer<typeof memoSectionIdSchema>;

/**
 * The tree is two levels deep by construction (sections, and their sub-sections), so the schema
 * spells both levels out instead of recursing: simpler to validate and to publish in OpenAPI.
 */
const memoOrderingLeafSchema = z.strictObject({
  id: memoSectionIdSchema,
  children: z.optional(z.array(z.never()).check(z.maxLength(0))),
});
export const memoOrderingNodeSchema = z.strictObject({
  id: memoSectionIdSchema,
  children: z.optional(z.array(memoOrderingLeafSchema).check(z.maxLength(14))),
});
export type MemoOrderingNode = z.infer<typeof memoOrderingNodeSchema>;

/** product §3 default order; the shape of this tree never changes, only the order of siblings. */
export const defaultMemoOrdering: MemoOrderingNode[] = [
  {
    id: "case",
    children: [
      { id: "citation" },
      { id: "plaintiff" },
      { id: "defendant" },
      { id: "judges" },
      { id: "court" },
      { id: "decision_date" },
    ],
  },
  { id: "summary" },
  { id: "facts" },
  { id: "arguments" },
  { id: "issues", children: [{ id: "ratio" }, { id: "analysis" }, { id: "outcome" }] },
];

export const memoVisibilityFlags = [
  "memoSummaryVisible",
  "memoFactsVisible",
  "memoIssuesVisible",
  "memoIssuesRatioVisible",
  "memoIssuesAnalysisVisible",
  "memoIssuesOutcomeVisible",
  "memoCitationVisible",
  "memoCaseVisible",
  "memoCasePlaintiffVisible",
  "memoCaseDefendantVisible",
  "memoCaseJudgesVisible",
  "memoCaseCourtVisible",
  "memoCaseDecisionDateVisible",
  "memoArgumentsVisible",
] as const;
export type MemoVisibilityFlag = (typeof memoVisibilityFlags)[number];

/** Which visibility flag governs which section of the tree. */
export const visibilityFlagBySection: Record<MemoSectionId, MemoVisibilityFlag> = {
  case: "memoCaseVisible",
  citation: "memoCitationVisible",
  plaintiff: "memoCasePlaintiffVisible",
  defendant: "memoCaseDefendantVisible",
  judges: "memoCaseJudgesVisible",
  court: "memoCaseCourtVisible",
  decision_date: "memoCaseDecisionDateVisible",
  summary: "memoSummaryVisible",
  facts: "memoFactsVisible",
  arguments: "memoArgumentsVisible",
  issues: "memoIssuesVisible",
  ratio: "memoIssuesRatioVisible",
  analysis: "memoIssuesAnalysisVisible",
  outcome: "memoIssuesOutcomeVisible",
};

const visibilityShape = Object.fromEntries(memoVisibilityFlags.map((flag) => [flag, z.boolean()])) as Record<
  MemoVisibilityFlag,
  z.ZodMiniBoolean
>;

/** Issue 30: how many named presets one user may keep (the create button stops there, and so does the server). */
export const MAX_MEMO_PRESETS = 10;
export const MEMO_PRESET_NAME_MAX_LENGTH = 60;

/** A preset's name as the user types it: plain text, trimmed, composed (NFC), 1 to 60 characters. */
export const memoPresetNameSchema = plainTextSchema(MEMO_PRESET_NAME_MAX_LENGTH).check(z.minLength(1));

export const memoOptionSetSchema = z.strictObject({
  id: z.int(),
  // Sets saved before the 60-character rule may hold up to 100: still served, so reading them never fails.
  name: plainTextSchema(100).check(z.minLength(1)),
  memoSummary: z.enum(memoSummaryValues),
  memoFactsLength: z.enum(memoFactsLengthValues),
  memoFactsPresentation: z.enum(memoFactsPresentationValues),
  memoTone: z.enum(memoToneValues),
  memoLang: z.enum(memoLangValues),
  ...visibilityShape,
  memoOrdering: z.array(memoOrderingNodeSchema).check(z.maxLength(14)),
});
export type MemoOptionSet = z.infer<typeof memoOptionSetSchema>;

/**
 * product §3's name of the default set, as stored and as the API answers it. A screen shows it under a name of the
 * reader's language (issue 43): it is a placeholder, not a name anyone chose.
 */
export const DEFAULT_PRESET_NAME = "Profile-name";

/** product §3 defaults: id -1 marks a set that has never been saved. */
export const defaultMemoOptionSet: MemoOptionSet = {
  id: -1,
  name: DEFAULT_PRESET_NAME,
  memoSummary: "Auto",
  memoFactsLength: "Long",
  memoFactsPresentation: "Bullet",
  memoTone: "Personal",
  memoLang: "English",
  ...(Object.fromEntries(memoVisibilityFlags.map((flag) => [flag, true])) as Record<MemoVisibilityFlag, boolean>),
  memoOrdering: defaultMemoOrdering,
};

export const userOptionsResponseSchema = z.object({
  options: z.array(memoOptionSetSchema),
  selectedOptionId: z.int(),
});
export const saveUserOptionsResponseSchema = z.object({
  options: z.array(memoOptionSetSchema),
  updatedOptionId: z.int(),
});

/**
 * Why an ordering is not a reordering of the default tree, or null when it is: every section
 * exactly once, each under its own parent. Only the order of siblings may change (product §4 drag rules).
 */
export function findMemoOrderingProblem(ordering: MemoOrderingNode[]): string | null {
  const childrenOf = (nodes: MemoOrderingNode[] | undefined) => (nodes ?? []).map((node) => node.id).sort();
  const sameMembers = (a: string[], b: string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

  if (!sameMembers(childrenOf(ordering), childrenOf(defaultMemoOrdering))) {
    return `must hold exactly the top-level sections ${defaultMemoOrdering.map((node) => node.id).join(", ")}`;
  }
  for (const node of ordering) {
    const expected = defaultMemoOrdering.find((candidate) => candidate.id === node.id);
    if (!sameMembers(childrenOf(node.children), childrenOf(expected?.children))) {
      const names = expected?.children?.map((child) => child.id).join(", ");
      return names
        ? `section "${node.id}" must hold exactly ${names}`
        : `section "${node.id}" cannot hold other sections`;
    }
    if (node.children?.some((child) => child.children && child.children.length > 0)) {
      return `the sections under "${node.id}" cannot hold other sections`;
    }
  }
  return null;
}

/** `PUT /api/user-options`: a whole option set, named by the preset rule, whose ordering keeps the tree's shape. */
export const saveMemoOptionSetRequestSchema = z.extend(memoOptionSetSchema, { name: memoPresetNameSchema }).check(
  z.superRefine((set, ctx) => {
    const problem = findMemoOrderingProblem(set.memoOrdering);
    if (problem) ctx.addIssue({ code: "custom", path: ["memoOrdering"], message: problem });
  }),
);

/** `POST /api/user-options`: a new preset, from SPEC's defaults or as a copy of one of the caller's presets. */
export const createMemoPresetRequestSchema = z.strictObject({
  name: memoPresetNameSchema,
  copyFromId: z.optional(z.int()),
});
export type CreateMemoPresetRequest = z.infer<typeof createMemoPresetRequestSchema>;

/**
 * The answer to a creation: SPEC's save shape (`updatedOptionId` is the new preset) plus the selection, since
 * the first creation also stores the default set the user was shown until then, and that one stays selected.
 */
export const createMemoPresetResponseSchema = z.object({
  options: z.array(memoOptionSetSchema),
  updatedOptionId: z.int(),
  selectedOptionId: z.int(),
});

/** `PUT /api/user-options/selected`: the preset the extension uses from now on. */
export const selectMemoPresetRequestSchema = z.strictObject({ id: z.int() });

/** `DELETE /api/user-options/{id}`: a stored preset's id (positive; the unsaved default, -1, is not stored). */
export const memoPresetIdParamsSchema = z.object({
  id: z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/, "must be a preset id")), z.transform(Number)),
});

/** The memo settings' operations with their schemas (issue 41): each status a route answers, its own failures included. */
export const memoSettingsOperations = {
  getUserOptions: withSchemas(operations.getUserOptions, {
    response: { 200: userOptionsResponseSchema, 401: apiErrorSchema },
  }),
  saveUserOptions: withSchemas(operations.saveUserOptions, {
    body: saveMemoOptionSetRequestSchema,
    response: { 200: saveUserOptionsResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  createMemoPreset: withSchemas(operations.createMemoPreset, {
    body: createMemoPresetRequestSchema,
    response: { 200: createMemoPresetResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
  selectMemoPreset: withSchemas(operations.selectMemoPreset, {
    body: selectMemoPresetRequestSchema,
    response: { 200: userOptionsResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
  }),
  deleteMemoPreset: withSchemas(operations.deleteMemoPreset, {
    params: memoPresetIdParamsSchema,
    response: { 200: userOptionsResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
};

/** The preset memos are written with: the one whose id is `selectedOptionId`, else the first. */
export function findSelectedPreset(userOptions: { options: MemoOptionSet[]; selectedOptionId: number }) {
  return userOptions.options.find((preset) => preset.id === userOptions.selectedOptionId) ?? userOptions.options[0];
}
