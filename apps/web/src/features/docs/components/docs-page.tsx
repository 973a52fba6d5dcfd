import type { DocsPageId } from "@precis/contract/docs-pages";
import { type ReactNode, use, useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { getCurrentLanguage } from "@/i18n";
import { useClientConfig } from "@/lib/client-config";
import { loadDocsPage } from "../content/docs-pages";
import { useFocusOnArrival } from "../hooks/use-focus-on-arrival";
import { DocsFeedback } from "./docs-feedback";
import { DocsMarkdown } from "./docs-markdown";
import { DocsPager } from "./docs-pager";
import { type DocsLeadingSection, DocsTableOfContents } from "./docs-table-of-contents";

interface DocsPageProps {
  pageId: DocsPageId;
  /** Shown after the page's opening paragraph (the overview's feature buttons). */
  afterIntro?: ReactNode;
  /** Shown before the page's text (the video tutorial). */
  beforeContent?: ReactNode;
  /** The sections `beforeContent` adds, listed first in the table of contents. */
  leadingSections?: readonly DocsLeadingSection[];
  /** The page's title where it is not its Markdown's page's (/video-document), as DocsLayout's h1 has it. */
  title?: string;
}

/** One documentation page: its Markdown, a table of contents when it is long, feedback, Previous/Next. */
export function DocsPage({ pageId, afterIntro, beforeContent, leadingSections, title }: DocsPageProps) {
  const { t } = useTranslation("docs");
  const { productShortName } = useClientConfig();
  // Deferred, so a language switch keeps the current text on screen until the other one has loaded.
  const language = useDeferredValue(getCurrentLanguage());
  const content = use(loadDocsPage(language, pageId));
  useDocumentTitle(t("documentTitle", { title: title ?? t(`pages.${pageId}.title`, { productShortName }) }));
  useFocusOnArrival(content);

  const [intro, ...rest] = afterIntro ? content.nodes : [];
  return (
    <div className="docs-page">
      <DocsTableOfContents headings={content.headings} leadingSections={leadingSections} />
      <article className="docs-article">
        {beforeContent}
        {afterIntro && intro !== undefined ? (
          <>
            <DocsMarkdown nodes={[intro]} />
            {afterIntro}
            <DocsMarkdown nodes={rest} />
          </>
        ) : (
          <DocsMarkdown nodes={content.nodes} />
        )}
      </article>
      <div className="docs-page-footer">
        <DocsFeedback key={pageId} pageId={pageId} />
        <DocsPager pageId={pageId} />
      </div>
    </div>
  );
}
