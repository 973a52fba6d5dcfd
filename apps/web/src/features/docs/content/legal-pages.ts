import type { LegalDocument } from "@precis/contract/docs-pages";
import type { SupportedLanguage } from "@/i18n/languages";
import type { DocsPageContent } from "../types/docs-content";
import { loadMarkdownPage } from "./load-markdown-page";

/** The pages under src/legal/<language>/: the two documents registration asks to accept, and the accessibility statement. */
export type LegalPageId = LegalDocument | "accessibility";

// One chunk per page and language, as the documentation's pages.
const pageLoaders = import.meta.glob<DocsPageContent>("/src/legal/*/*.md", { import: "default" });

export function loadLegalPage(language: SupportedLanguage, document: LegalPageId): Promise<DocsPageContent> {
  return loadMarkdownPage(`/src/legal/${language}/${document}.md`, pageLoaders);
}
