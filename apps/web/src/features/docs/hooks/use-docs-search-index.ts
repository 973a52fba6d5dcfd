import { type DocsPageId, docsPageIds } from "@precis/contract/docs-pages";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { SupportedLanguage } from "@/i18n/languages";
import { fillPlaceholders } from "../lib/fill-placeholders";
import { createDocsSearchIndex, type DocsSearchEntry, type DocsSearchIndex } from "../lib/search-docs";
import type { DocsSearchSection } from "../types/docs-content";
import { useDocsPlaceholders } from "./use-docs-placeholders";

type SectionsByFile = Record<string, DocsSearchSection[]>;

// Per language, and only once someone starts searching: readers who never search never load it.
const sectionLoaders: Record<SupportedLanguage, () => Promise<SectionsByFile>> = {
  en: () => import("../content/search-sections-en").then((module) => module.searchSections),
  fr: () => import("../content/search-sections-fr").then((module) => module.searchSections),
};

function searchSectionsQueryOptions(language: SupportedLanguage) {
  return {
    queryKey: ["docs-search-sections", language],
    queryFn: sectionLoaders[language],
    // Built into the app: it cannot change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  } as const;
}

/** The search index in the current language, with titles and placeholders filled in; loads when first enabled. */
export function useDocsSearchIndex(language: SupportedLanguage, isEnabled: boolean) {
  const { t } = useTranslation("docs");
  const placeholders = useDocsPlaceholders();
  const query = useQuery({ ...searchSectionsQueryOptions(language), enabled: isEnabled });
  const sectionsByFile = query.data;

  const index = useMemo<DocsSearchIndex | null>(() => {
    if (!sectionsByFile) return null;
    const entries: DocsSearchEntry[] = docsPageIds.flatMap((pageId: DocsPageId) =>
      (sectionsByFile[`/src/docs/${language}/${pageId}.md`] ?? []).map((section) => ({
        pageId,
        pageTitle: t(`pages.${pageId}.title`, { productShortName: placeholders.productShortName }),
        headingId: section.headingId,
        heading: section.heading === null ? null : fillPlaceholders(section.heading, placeholders),
        text: fillPlaceholders(section.text, placeholders),
      })),
    );
    return createDocsSearchIndex(entries);
  }, [sectionsByFile, language, t, placeholders]);

  return { index, isLoading: isEnabled && query.isPending, isError: query.isError };
}
