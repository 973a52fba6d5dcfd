import type { DocsPageContent } from "../types/docs-content";

const loadedPages = new Map<string, Promise<DocsPageContent>>();

/**
 * The same promise for the same Markdown file, so React's `use()` can suspend on it and find it settled on
 * the next render. A failed load (network) is forgotten, so the next attempt tries again.
 */
export function loadMarkdownPage(
  path: string,
  loaders: Record<string, () => Promise<DocsPageContent>>,
): Promise<DocsPageContent> {
  let loading = loadedPages.get(path);
  if (!loading) {
    const loader = loaders[path];
    loading = loader ? loader() : Promise.reject(new Error(`No Markdown file ${path}`));
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
