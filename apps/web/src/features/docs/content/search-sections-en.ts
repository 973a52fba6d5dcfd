import type { DocsSearchSection } from "../types/docs-content";

/** Every English page's search sections in one chunk, loaded the first time someone searches. */
export const searchSections = import.meta.glob<DocsSearchSection[]>("/src/docs/en/*.md", {
  query: "?search",
  import: "default",
  eager: true,
});
