import { defaultMemoOptionSet, type MemoOptionSet } from "@precis/contract/memo-options";
import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "@/i18n/resources";
import {
  getPreviewHeading,
  getPreviewSample,
  getVisibleOutline,
  type PreviewChoices,
  resolvePreviewChoices,
} from "./memo-preview";

const translators: Record<"en" | "fr", TFunction<"profile">> = {} as never;
beforeAll(async () => {
  for (const language of ["en", "fr"] as const) {
    const instance = i18next.createInstance();
    await instance.init({ lng: language, resources, ns: ["profile"], interpolation: { escapeValue: false } });
    translators[language] = instance.getFixedT(language, "profile");
  }
});

const choices: PreviewChoices = {
  memoSummary: "Short",
  memoFactsLength: "Long",
  memoFactsPresentation: "Paragraph",
  memoTone: "Client",
  memoLang: "French",
};
const textOf = (sample: ReturnType<typeof getPreviewSample>) =>
  sample.blocks.map((block) => (block.kind === "paragraph" ? block.text : block.items.join("\n"))).join("\n");

describe("preview headings", () => {
  it("name the current choice of the row last changed, as SPEC words them", () => {
    const t = translators.en;
    expect(getPreviewHeading("memoSummary", choices, t)).toBe("Short Summary");
    expect(getPreviewHeading("memoFactsLength", choices, t)).toBe("Long Paragraph Facts");
    expect(getPreviewHeading("memoFactsPresentation", { ...choices, memoFactsLength: "Short" }, t)).toBe(
      "Short Paragraph Facts",
    );
    expect(getPreviewHeading("memoTone", choices, t)).toBe("Client Tone");
    expect(getPreviewHeading("memoLang", choices, t)).toBe("French Summary");
  });

  it("read naturally in French", () => {
    const t = translators.fr;
    expect(getPreviewHeading("memoSummary", choices, t)).toBe("Résumé court");
    expect(getPreviewHeading("memoFactsLength", choices, t)).toBe("Faits longs en paragraphes");
    expect(getPreviewHeading("memoTone", { ...choices, memoTone: "Supervisor" }, t)).toBe("Ton superviseur");
    expect(getPreviewHeading("memoLang", choices, t)).toBe("Résumé en français");
  });

  it("fall back to Personal for an unset or unknown tone and to English for an unknown language", () => {
    const t = translators.en;
    for (const memoTone of [undefined, "", "Casual"]) {
      expect(getPreviewHeading("memoTone", { ...choices, memoTone }, t)).toBe("Personal Tone");
      expect(getPreviewSample("memoTone", { ...choices, memoTone })).toBe(
        getPreviewSample("memoTone", { ...choices, memoTone: "Personal" }),
      );
    }
    for (const memoLang of [undefined, "German"]) {
      expect(getPreviewHeading("memoLang", { ...choices, memoLang }, t)).toBe("English Summary");
      expect(getPreviewSample("memoLang", { ...choices, memoLang }).language).toBe("en");
    }
    expect(resolvePreviewChoices({ ...choices, memoSummary: "Huge" }).memoSummary).toBe("Auto");
  });
});

describe("preview samples", () => {
  it("exist in a different variant for every choice, each citing the award", () => {
    const variants = [
      ...(["Auto", "Long", "Medium", "Short"] as const).map((memoSummary) =>
        getPreviewSample("memoSummary", { ...choices, memoSummary }),
      ),
      ...(["Long", "Short"] as const).flatMap((memoFactsLength) =>
        (["Bullet", "Paragraph"] as const).map((memoFactsPresentation) =>
          getPreviewSample("memoFactsLength", { ...choices, memoFactsLength, memoFactsPresentation }),
        ),
      ),
      ...(["Personal", "Client", "Supervisor"] as const).map((memoTone) =>
        getPreviewSample("memoTone", { ...choices, memoTone }),
      ),
      ...(["English", "French"] as const).map((memoLang) => getPreviewSample("memoLang", { ...choices, memoLang })),
    ];
    const texts = variants.map(textOf);
    expect(new Set(texts).size).toBe(13);
    for (const text of texts) expect(text).toMatch(/\[\d+\]/);
  });

  it("present facts as bullets or paragraphs, and the long facts longer than the short", () => {
    const bullets = getPreviewSample("memoFactsPresentation", { ...choices, memoFactsPresentation: "Bullet" });
    expect(bullets.blocks.every((block) => block.kind === "bullets")).toBe(true);
    const paragraphs = getPreviewSample("memoFactsPresentation", choices);
    expect(paragraphs.blocks.every((block) => block.kind === "paragraph")).toBe(true);
    const short = getPreviewSample("memoFactsLength", { ...choices, memoFactsLength: "Short" });
    expect(textOf(paragraphs).length).toBeGreaterThan(textOf(short).length * 2);
  });

  it("write the French variant in French", () => {
    const french = getPreviewSample("memoLang", choices);
    expect(french.language).toBe("fr");
    expect(textOf(french)).toContain("grief");
  });
});

describe("preview outline", () => {
  it("follows the tree's order and leaves out hidden sections with their sub-sections", () => {
    const set: MemoOptionSet = {
      ...defaultMemoOptionSet,
      memoCaseVisible: false,
      memoIssuesAnalysisVisible: false,
      memoOrdering: [...defaultMemoOptionSet.memoOrdering].reverse(),
    };
    expect(getVisibleOutline(set.memoOrdering, set)).toEqual([
      {
        id: "issues",
        children: [
          { id: "ratio", children: [] },
          { id: "outcome", children: [] },
        ],
      },
      { id: "arguments", children: [] },
      { id: "facts", children: [] },
      { id: "summary", children: [] },
    ]);
  });
});
