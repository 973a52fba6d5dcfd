import "./docs.css";
import "./legal.css";
import { LEGAL_DOCUMENTS, type LegalDocument } from "@precis/contract/docs-pages";
import { Alert } from "antd";
import { use, useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { getCurrentLanguage } from "@/i18n";
import { useClientConfig } from "@/lib/client-config";
import { loadLegalPage } from "../content/legal-pages";
import { useFocusOnArrival } from "../hooks/use-focus-on-arrival";
import { DOCS_TITLE_ID } from "../lib/docs-focus";
import { formatEffectiveDate } from "../lib/format-effective-date";
import { DocsMarkdown } from "./docs-markdown";
import { DocsTableOfContents } from "./docs-table-of-contents";

/**
 * The Terms of Service or the Privacy Policy: its Markdown, under the version and effective date the server
 * records when someone accepts it (the contract's LEGAL_DOCUMENTS), so the page and the consent never disagree.
 */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation("docs");
  const { productName } = useClientConfig();
  // Deferred, so a language switch keeps the current text on screen until the other one has loaded.
  const language = useDeferredValue(getCurrentLanguage());
  const content = use(loadLegalPage(language, document));
  const { version, effectiveDate } = LEGAL_DOCUMENTS[document];
  const title = t(`legal.${document}.title`);
  useDocumentTitle(title);
  useFocusOnArrival(content);

  return (
    <div className="legal-page">
      <header className="docs-title-bar legal-title-bar">
        <h1 id={DOCS_TITLE_ID} tabIndex={-1} className="docs-title">
          {title}
        </h1>
        <p className="legal-meta">
          <span>{t("legal.version", { version })}</span>
          <span>
            {t("legal.effectiveDate")}{" "}
            <time dateTime={effectiveDate}>{formatEffectiveDate(effectiveDate, language)}</time>
          </span>
        </p>
      </header>
      {/* A note, not an alert: it is part of the page, present from the start, and nothing to announce. */}
      <Alert
        className="legal-template-notice"
        type="warning"
        showIcon
        role="note"
        title={<strong>{t("legal.template.title")}</strong>}
        description={t("legal.template.text", { productName })}
      />
      <DocsTableOfContents headings={content.headings} />
      <article className="docs-article legal-article">
        <DocsMarkdown nodes={content.nodes} />
      </article>
    </div>
  );
}
