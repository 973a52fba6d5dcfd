import { describe, expect, it } from "vitest";
import {
  createDocsSearchIndex,
  type DocsSearchEntry,
  getQueryTerms,
  normalizeForSearch,
  searchDocs,
} from "./search-docs";

const entries: DocsSearchEntry[] = [
  {
    pageId: "case-memo",
    pageTitle: "Memo",
    headingId: null,
    heading: null,
    text: "A memo is a structured account of the decision you have open.",
  },
  {
    pageId: "case-memo",
    pageTitle: "Memo",
    headingId: "sharing-a-memo",
    heading: "Sharing a memo",
    text: "Copy the memo, share it by email or share it by link.",
  },
  {
    pageId: "faq",
    pageTitle: "Frequently Asked Questions",
    headingId: "students",
    heading: "Law students",
    text: "Law students get free access for 2 years after registration.",
  },
  {
    pageId: "faq",
    pageTitle: "Foire aux questions",
    headingId: "resume",
    heading: "Résumé",
    text: "Le résumé peut être court ou long.",
  },
];
const index = createDocsSearchIndex(entries);

describe("normalizeForSearch", () => {
  it("drops accents and case but keeps the length of the text", () => {
    expect(normalizeForSearch("Résumé ÉTÉ")).toBe("resume ete");
    expect(normalizeForSearch("Résumé ÉTÉ")).toHaveLength("Résumé ÉTÉ".length);
  });
});

describe("getQueryTerms", () => {
  it("drops stop words and one-letter words, keeps numbers", () => {
    expect(getQueryTerms("How do I share a memo?")).toEqual(["share", "memo"]);
    expect(getQueryTerms("comment partager le mémo")).toEqual(["partager", "memo"]);
    expect(getQueryTerms("2 years")).toEqual(["2", "years"]);
  });

  it("keeps stop words when the query holds nothing else", () => {
    expect(getQueryTerms("how to")).toEqual(["how", "to"]);
  });
});

describe("searchDocs", () => {
  it("ranks a heading match above a mention in the text, and jumps to that heading", () => {
    const results = searchDocs(index, "share");
    expect(results.map((result) => result.headingId)).toEqual(["sharing-a-memo"]);
    expect(searchDocs(index, "memo")[0]?.headingId).toBe("sharing-a-memo");
  });

  it("matches word beginnings, whatever the accents or case", () => {
    expect(searchDocs(index, "RESUME")[0]?.headingId).toBe("resume");
    expect(searchDocs(index, "stud")[0]?.headingId).toBe("students");
    expect(searchDocs(index, "udents")).toEqual([]);
  });

  it("prefers the sections holding every word, and falls back to the most words", () => {
    expect(searchDocs(index, "free memo").map((result) => result.headingId)).toEqual([
      "sharing-a-memo",
      null,
      "students",
    ]);
    expect(searchDocs(index, "share link").map((result) => result.headingId)).toEqual(["sharing-a-memo"]);
  });

  it("returns nothing for an empty query or a word no page has", () => {
    expect(searchDocs(index, "   ")).toEqual([]);
    expect(searchDocs(index, "xylophone")).toEqual([]);
  });

  it("returns a snippet around the first match, with the whole matched word apart", () => {
    const [result] = searchDocs(index, "registr");
    expect(result?.snippet.match).toBe("registration");
    expect(`${result?.snippet.before}${result?.snippet.match}${result?.snippet.after}`).toBe(entries[2]?.text);
  });

  it("cuts long texts around the match with ellipses", () => {
    const long = createDocsSearchIndex([
      {
        pageId: "faq",
        pageTitle: "FAQ",
        headingId: "x",
        heading: "X",
        text: `${"word ".repeat(60)}needle ${"word ".repeat(60)}`,
      },
    ]);
    const [result] = searchDocs(long, "needle");
    expect(result?.snippet.before.startsWith("…")).toBe(true);
    expect(result?.snippet.after.endsWith("…")).toBe(true);
    expect(result?.snippet.match).toBe("needle");
  });

  it("limits the number of results", () => {
    expect(searchDocs(index, "memo students resume", 2)).toHaveLength(2);
  });
});
