import type { DocsPageId } from "@precis/contract/docs-pages";
import type { SupportedLanguage } from "@/i18n/languages";
import type { DocsPageContent } from "../types/docs-content";
import { loadMarkdownPage } from "./load-markdown-page";

// One small chunk per page and language (made from the Markdown by the build plugin), so a page
// loads only its own text.
const pageLoaders = import.meta.glob<DocsPageContent>("/src/docs/*/*.md", { import: "default" });

export function loadDocsPage(language: SupportedLanguage, pageId: DocsPageId): Promise<DocsPageContent> {
  return loadMarkdownPage(`/src/docs/${language}/${pageId}.md`, pageLoaders);
}
