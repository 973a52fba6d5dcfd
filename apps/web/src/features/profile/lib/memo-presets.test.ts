import { defaultMemoOptionSet, type MemoOptionSet } from "@precis/contract/memo-options";
import { describe, expect, it } from "vitest";
import {
  applySavedOptions,
  canCreatePreset,
  canDeletePreset,
  choosePresetToEdit,
  presetDisplayName,
  sortPresetsForPicker,
  suggestPresetName,
} from "./memo-presets";

const preset = (id: number, name = `Preset ${id}`): MemoOptionSet => ({ ...defaultMemoOptionSet, id, name });

describe("sortPresetsForPicker", () => {
  it("lists presets in the order they were made, whatever order the API sent", () => {
    expect(sortPresetsForPicker([preset(7), preset(3), preset(12)]).map((set) => set.id)).toEqual([3, 7, 12]);
  });
});

describe("choosePresetToEdit", () => {
  const options = { options: [preset(3), preset(7)], selectedOptionId: 7 };

  it("reopens the preset edited last while it still exists", () => {
    expect(choosePresetToEdit(options, 3)?.id).toBe(3);
  });

  it("falls back to the selected preset when the remembered one is gone or there is none", () => {
    expect(choosePresetToEdit(options, 99)?.id).toBe(7);
    expect(choosePresetToEdit(options, null)?.id).toBe(7);
  });

  it("falls back to the first preset when the selection names none of them", () => {
    expect(choosePresetToEdit({ options: [preset(3)], selectedOptionId: 5 }, null)?.id).toBe(3);
  });
});

describe("applySavedOptions", () => {
  it("keeps the selection when another preset is saved", () => {
    const saved = { options: [preset(7), preset(3)], updatedOptionId: 7 };
    expect(applySavedOptions({ options: [preset(3), preset(7)], selectedOptionId: 3 }, saved)).toEqual({
      options: saved.options,
      selectedOptionId: 3,
    });
  });

  it("selects the first stored set, which replaced the unsaved default", () => {
    const saved = { options: [preset(11)], updatedOptionId: 11 };
    expect(applySavedOptions({ options: [defaultMemoOptionSet], selectedOptionId: -1 }, saved).selectedOptionId).toBe(
      11,
    );
    expect(applySavedOptions(undefined, saved).selectedOptionId).toBe(11);
  });
});

describe("the limits", () => {
  it("allow a new preset below 10 and deletion above 1", () => {
    const presets = (count: number) => Array.from({ length: count }, (_, index) => preset(index + 1));
    expect(canCreatePreset(presets(9))).toBe(true);
    expect(canCreatePreset(presets(10))).toBe(false);
    expect(canDeletePreset(presets(1))).toBe(false);
    expect(canDeletePreset(presets(2))).toBe(true);
  });
});

describe("suggestPresetName", () => {
  it("offers the base name when no preset has it", () => {
    expect(suggestPresetName("New preset", ["Client letter"])).toBe("New preset");
  });

  it("numbers the name when it is taken, whatever the case", () => {
    expect(suggestPresetName("New preset", ["new preset", "New preset (2)"])).toBe("New preset (3)");
  });

  it("keeps every suggestion within 60 characters, number included", () => {
    const long = "x".repeat(70);
    expect(suggestPresetName(long, [])).toHaveLength(60);
    const numbered = suggestPresetName(long, ["x".repeat(60)]);
    expect(numbered).toHaveLength(60);
    expect(numbered.endsWith(" (2)")).toBe(true);
  });
});

describe("presetDisplayName", () => {
  it("shows SPEC's placeholder name of the default set as a name in the reader's language, and any other as is", () => {
    expect(presetDisplayName("Profile-name", "Mes paramètres de mémo")).toBe("Mes paramètres de mémo");
    expect(presetDisplayName("Client letter", "My memo settings")).toBe("Client letter");
    expect(presetDisplayName("profile-name", "My memo settings")).toBe("profile-name");
  });
});
