import type { DocsPageId } from "@precis/contract/docs-pages";
import type { SupportedLanguage } from "@/i18n/languages";
import type { DocsPageContent } from "../types/docs-content";

// One small chunk per page and language (made from the Markdown by the build plugin), so a page
// loads only its own text.
const pageLoaders = import.meta.glob<DocsPageContent>("/src/docs/*/*.md", { import: "default" });

const loadedPages = new Map<string, Promise<DocsPageContent>>();

/**
 * The same promise for the same page, so React's `use()` can suspend on it and find it settled
 * on the next render. A failed load (network) is forgotten, so the next attempt tries again.
 */
export function loadDocsPage(language: SupportedLanguage, pageId: DocsPageId): Promise<DocsPageContent> {
  const path = `/src/docs/${language}/${pageId}.md`;
  let loading = loadedPages.get(path);
  if (!loading) {
    const loader = pageLoaders[path];
    loading = loader ? loader() : Promise.reject(new Error(`No documentation file ${path}`));
    loadedPages.set(path, loading);
    loading.then(
      // React's convention for a settled promise: use() then reads it without suspending, which
      // matters when a prerendered page hydrates (a part that suspends there may be re-rendered).
      (content) => Object.assign(loading as object, { status: "fulfilled", value: content }),
      () => loadedPages.delete(path),
    );
  }
  return loading;
}
