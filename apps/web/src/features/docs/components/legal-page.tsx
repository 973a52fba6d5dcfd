import "./docs.css";
import "./legal.css";
import { LEGAL_DOCUMENTS, type LegalDocument } from "@precis/contract/docs-pages";
import { use, useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { getCurrentLanguage } from "@/i18n";
import { type LegalPageId, loadLegalPage } from "../content/legal-pages";
import { useFocusOnArrival } from "../hooks/use-focus-on-arrival";
import { DOCS_TITLE_ID } from "../lib/docs-focus";
import { formatEffectiveDate } from "../lib/format-effective-date";
import { DocsMarkdown } from "./docs-markdown";
import { DocsTableOfContents } from "./docs-table-of-contents";

/**
 * The Terms of Service or the Privacy Policy: its Markdown, under the version and effective date the server
 * records when someone accepts it (the contract's LEGAL_DOCUMENTS), so the page and the consent never disagree.
 * The operator's name, address, law and privacy officer are settings (placeholders), so the page is complete as
 * served. The accessibility statement is read the same way, without a version: nobody accepts it.
 */
export function LegalPage({ document }: { document: LegalPageId }) {
  const { t } = useTranslation("docs");
  // Deferred, so a language switch keeps the current text on screen until the other one has loaded.
  const language = useDeferredValue(getCurrentLanguage());
  const content = use(loadLegalPage(language, document));
  const title = t(`legal.${document}.title`);
  useDocumentTitle(title);
  useFocusOnArrival(content);

  return (
    <div className="legal-page">
      <header className="docs-title-bar legal-title-bar">
        <h1 id={DOCS_TITLE_ID} tabIndex={-1} className="docs-title">
          {title}
        </h1>
        {document !== "accessibility" && <LegalDocumentMeta document={document} language={language} />}
      </header>
      <DocsTableOfContents headings={content.headings} />
      <article className="docs-article legal-article">
        <DocsMarkdown nodes={content.nodes} />
      </article>
    </div>
  );
}

/** The version and the date it took effect, as the consent records them. */
function LegalDocumentMeta({ document, language }: { document: LegalDocument; language: string }) {
  const { t } = useTranslation("docs");
  const { version, effectiveDate } = LEGAL_DOCUMENTS[document];
  return (
    <p className="legal-meta">
      <span>{t("legal.version", { version })}</span>
      <span>
        {t("legal.effectiveDate")} <time dateTime={effectiveDate}>{formatEffectiveDate(effectiveDate, language)}</time>
      </span>
    </p>
  );
}
