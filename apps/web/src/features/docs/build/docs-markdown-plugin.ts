/*
 * Build time only. Markdown pages under src/docs/<language>/<page id>.md become JavaScript modules:
 *   import page from "…/case-memo.md"            → DocsPageContent (what the page renders)
 *   import sections from "…/case-memo.md?search" → DocsSearchSection[] (what search looks through)
 * Rendering here keeps the Markdown parser out of the browser, and the search index is ready-made.
 * (The unit tests check that the files are exactly the contract's page ids, in both languages.)
 * The Terms of Service and the Privacy Policy, under src/legal/<language>/, go through the same pipeline:
 * the same Markdown, placeholders and checks, outside the documentation's menu and search.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { parseDocsMarkdown } from "./parse-docs-markdown.ts";

const DOCS_FILE_PATTERN = /^(.*[\\/]src)[\\/](?:docs|legal)[\\/](en|fr)[\\/]([^\\/?]+)\.md(?:\?(.*))?$/;
/** Queries that ask Vite for the file itself (`?raw`, `?url`) are left to Vite. */
const VITE_FILE_QUERIES = ["raw", "url", "inline"];

export function docsMarkdownPlugin(): Plugin {
  return {
    name: "precis:docs-markdown",
    enforce: "pre",
    transform(source, id) {
      const match = DOCS_FILE_PATTERN.exec(id);
      if (!match) return null;
      const [, srcDir = "", language = "en", , query = ""] = match;
      // The dev server adds `import` to the query (`?import&search`), the build does not.
      const params = new URLSearchParams(query);
      if (VITE_FILE_QUERIES.some((name) => params.has(name))) return null;
      const parsed = parseDocsMarkdown(source, {
        fileName: id.split("?")[0] ?? id,
        language: language === "fr" ? "fr" : "en",
        // A `doc:` link must lead to a documentation page that exists in the same language.
        isKnownPageId: (pageId) =>
          /^[a-z-]+$/.test(pageId) && existsSync(path.join(srcDir, "docs", language, `${pageId}.md`)),
      });
      const data = params.has("search") ? parsed.sections : parsed.content;
      // JSON.parse of a string literal is faster for engines than an object literal of the same size.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});`, map: null };
    },
  };
}
