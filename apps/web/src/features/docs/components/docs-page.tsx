import type { DocsPageId } from "@precis/contract/docs-pages";
import { type ReactNode, use, useDeferredValue, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { getCurrentLanguage } from "@/i18n";
import { useClientConfig } from "@/lib/client-config";
import { loadDocsPage } from "../content/docs-pages";
import { DOCS_TITLE_ID, isFocusTitleState } from "../lib/docs-focus";
import { DocsFeedback } from "./docs-feedback";
import { DocsMarkdown } from "./docs-markdown";
import { DocsPager } from "./docs-pager";
import { DocsTableOfContents } from "./docs-table-of-contents";

interface DocsPageProps {
  pageId: DocsPageId;
  /** Shown after the page's opening paragraph (the overview's feature buttons). */
  afterIntro?: ReactNode;
  /** Shown before the page's text (the video tutorial). */
  beforeContent?: ReactNode;
}

/** One documentation page: its Markdown, a table of contents when it is long, feedback, Previous/Next. */
export function DocsPage({ pageId, afterIntro, beforeContent }: DocsPageProps) {
  const { t } = useTranslation("docs");
  const { productShortName } = useClientConfig();
  // Deferred, so a language switch keeps the current text on screen until the other one has loaded.
  const language = useDeferredValue(getCurrentLanguage());
  const content = use(loadDocsPage(language, pageId));
  const location = useLocation();
  useDocumentTitle(t("documentTitle", { title: t(`pages.${pageId}.title`, { productShortName }) }));

  // A link to a heading (search result, table of contents, a link in the text) moves focus to it,
  // so keyboard and screen-reader users land where sighted users see the page scroll to.
  // Runs again once the text is there: on a deep link the heading does not exist before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: also on a new navigation to the same hash (key) and once the text is shown (content)
  useEffect(() => {
    const target = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : isFocusTitleState(location.state)
        ? document.getElementById(DOCS_TITLE_ID)
        : null;
    if (!target) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "start" });
  }, [location.hash, location.state, location.key, content]);

  const [intro, ...rest] = afterIntro ? content.nodes : [];
  return (
    <div className="docs-page">
      <DocsTableOfContents headings={content.headings} />
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
