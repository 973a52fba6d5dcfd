import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type DocsPageId, docsPageIds } from "@precis/contract/docs-pages";
import { describe, expect, it } from "vitest";
import { createDocsSearchIndex, type DocsSearchEntry, searchDocs } from "../lib/search-docs";
import type { DocsNode } from "../types/docs-content";
import { type ParsedDocsPage, parseDocsMarkdown } from "./parse-docs-markdown";

/*
 * The real pages, as the build sees them: every page exists in both languages, every page
 * parses, every link leads somewhere, and search finds what only one page says.
 */

const docsDir = fileURLToPath(new URL("../../../docs", import.meta.url));
const languages = ["en", "fr"] as const;

function parsePage(language: (typeof languages)[number], pageId: DocsPageId): ParsedDocsPage {
  const file = path.join(docsDir, language, `${pageId}.md`);
  return parseDocsMarkdown(readFileSync(file, "utf8"), {
    fileName: file,
    language,
    isKnownPageId: (id) => existsSync(path.join(docsDir, language, `${id}.md`)),
  });
}

function links(nodes: readonly DocsNode[]): string[] {
  return nodes.flatMap((node) =>
    typeof node === "string"
      ? []
      : [...(node.tag === "a" && node.href ? [node.href] : []), ...links(node.children ?? [])],
  );
}

describe.each(languages)("documentation pages in %s", (language) => {
  it("are exactly the contract's pages", () => {
    const files = readdirSync(path.join(docsDir, language)).sort();
    expect(files).toEqual(docsPageIds.map((pageId) => `${pageId}.md`).sort());
  });

  it.each(docsPageIds)("%s parses, says something, and links only to anchors that exist", (pageId) => {
    const { content } = parsePage(language, pageId);
    expect(content.nodes.length).toBeGreaterThan(0);
    for (const href of links(content.nodes).filter((link) => link.startsWith("doc:"))) {
      const [target = "", anchor] = href.slice(4).split("#");
      if (!anchor) continue;
      const targetHeadings = parsePage(language, target as DocsPageId).content.headings.map((heading) => heading.id);
      expect(targetHeadings, `${pageId} links to ${href}`).toContain(anchor);
    }
  });

  it("gives the pages not yet documented a plain notice and the support address, nothing more", () => {
    for (const pageId of ["pdf-project", "pdf-history", "bulk-question"] as const) {
      const { content } = parsePage(language, pageId);
      expect(content.headings).toEqual([]);
      expect(links(content.nodes)).toEqual(["mailto:{{supportEmail}}"]);
    }
  });
});

describe("the pages in English and French", () => {
  it.each(docsPageIds)("%s has the same outline in both languages", (pageId) => {
    const outline = (language: (typeof languages)[number]) =>
      parsePage(language, pageId).content.headings.map((heading) => heading.level);
    expect(outline("fr")).toEqual(outline("en"));
  });

  it.each(docsPageIds)("%s has the same links in both languages, anchors aside", (pageId) => {
    const targets = (language: (typeof languages)[number]) =>
      links(parsePage(language, pageId).content.nodes).map((href) => href.split("#")[0]);
    expect(targets("fr")).toEqual(targets("en"));
  });
});

describe("search over the real pages", () => {
  const index = (language: (typeof languages)[number]) =>
    createDocsSearchIndex(
      docsPageIds.flatMap((pageId): DocsSearchEntry[] =>
        parsePage(language, pageId).sections.map((section) => ({ pageId, pageTitle: pageId, ...section })),
      ),
    );

  it.each([
    ["en", "dissenting", "case-chat"],
    ["en", "puzzle", "install-extension"],
    ["en", "truncation", "search-optimizer"],
    ["fr", "casse-tête", "install-extension"],
    ["fr", "dissident", "case-chat"],
    ["fr", "troncature", "search-optimizer"],
  ] as const)("%s: %j appears on one page only, and search finds it there first", (language, term, pageId) => {
    const pagesWithTerm = docsPageIds.filter((id) =>
      parsePage(language, id)
        .sections.map((section) => `${section.heading ?? ""} ${section.text}`)
        .join(" ")
        .toLowerCase()
        .includes(term.toLowerCase()),
    );
    // Guards the test itself: if another page starts using the word, pick another one.
    expect(pagesWithTerm).toEqual([pageId]);
    const results = searchDocs(index(language), term);
    expect(results[0]?.pageId).toBe(pageId);
    expect(new Set(results.map((result) => result.pageId))).toEqual(new Set([pageId]));
  });

  it("jumps to the heading of the section that matches", () => {
    const [first] = searchDocs(index("en"), "claim student access");
    expect(first).toMatchObject({ pageId: "faq", headingId: "how-do-i-claim-student-access" });
  });

  it("finds nothing for a word no page uses", () => {
    expect(searchDocs(index("en"), "xylophone")).toEqual([]);
  });
});
