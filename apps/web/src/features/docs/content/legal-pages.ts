import type { LegalDocument } from "@precis/contract/docs-pages";
import type { SupportedLanguage } from "@/i18n/languages";
import type { DocsPageContent } from "../types/docs-content";
import { loadMarkdownPage } from "./load-markdown-page";

// The Terms of Service and the Privacy Policy, one chunk per document and language, as the documentation's pages.
const pageLoaders = import.meta.glob<DocsPageContent>("/src/legal/*/*.md", { import: "default" });

export function loadLegalPage(language: SupportedLanguage, document: LegalDocument): Promise<DocsPageContent> {
  return loadMarkdownPage(`/src/legal/${language}/${document}.md`, pageLoaders);
}
