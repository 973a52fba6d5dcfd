import { SearchOutlined } from "@ant-design/icons";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { getCurrentLanguage } from "@/i18n";
import { useClientConfig } from "@/lib/client-config";
import { useDocsSearchIndex } from "../hooks/use-docs-search-index";
import { DOCS_FOCUS_TITLE_STATE } from "../lib/docs-focus";
import { getDocsPagePath } from "../lib/docs-navigation";
import { searchDocs } from "../lib/search-docs";

/**
 * Search across every page, in the language shown. Results are plain links (Tab reaches them)
 * that open the page at the matching heading; a status line says how many there are, or none.
 */
export function DocsSearch({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("docs");
  const { productShortName } = useClientConfig();
  const inputId = useId();
  const statusId = useId();
  const [query, setQuery] = useState("");
  // The index loads on first focus, so readers who never search never download it.
  const [isWanted, setIsWanted] = useState(false);
  const { index, isError } = useDocsSearchIndex(getCurrentLanguage(), isWanted);
  const deferredQuery = useDeferredValue(query.trim());
  const results = useMemo(
    () => (index && deferredQuery ? searchDocs(index, deferredQuery) : []),
    [index, deferredQuery],
  );

  let status = "";
  if (deferredQuery) {
    if (isError) status = t("search.failed");
    else if (!index) status = t("search.loading");
    else if (results.length === 0) status = t("search.noResults", { query: deferredQuery });
    else status = t("search.resultCount", { count: results.length });
  }

  return (
    <search className="docs-search">
      <label htmlFor={inputId} className="visually-hidden">
        {t("search.label")}
      </label>
      {/* A native input rather than antd's: the docs stay within their first-load budget. */}
      <div className="docs-search-field">
        <SearchOutlined aria-hidden="true" className="docs-search-icon" />
        <input
          id={inputId}
          type="search"
          value={query}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={statusId}
          className="docs-input docs-search-input"
          onFocus={() => setIsWanted(true)}
          onChange={(event) => {
            setIsWanted(true);
            setQuery(event.target.value);
          }}
        />
      </div>
      <p id={statusId} role="status" className={status ? "docs-search-status" : "visually-hidden"}>
        {status}
      </p>
      {results.length > 0 && (
        <ul aria-label={t("search.resultsLabel")} className="docs-search-results">
          {results.map((result) => {
            const path = getDocsPagePath(result.pageId, productShortName);
            return (
              <li key={`${result.pageId}#${result.headingId ?? ""}`}>
                <Link
                  to={result.headingId ? `${path}#${result.headingId}` : path}
                  state={result.headingId ? undefined : DOCS_FOCUS_TITLE_STATE}
                  onClick={onNavigate}
                  className="docs-search-result"
                >
                  <span className="docs-search-result-title">
                    {result.heading ? `${result.pageTitle} › ${result.heading}` : result.pageTitle}
                  </span>
                  <span className="docs-search-result-snippet">
                    {result.snippet.before}
                    {result.snippet.match && <mark>{result.snippet.match}</mark>}
                    {result.snippet.after}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </search>
  );
}
