import type { DocsSearchSection } from "../types/docs-content";

/** Every French page's search sections in one chunk, loaded the first time someone searches. */
export const searchSections = import.meta.glob<DocsSearchSection[]>("/src/docs/fr/*.md", {
  query: "?search",
  import: "default",
  eager: true,
});
