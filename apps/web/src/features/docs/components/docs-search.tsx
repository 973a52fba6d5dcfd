import { SearchOutlined } from "@ant-design/icons";
import { type FocusEvent, type KeyboardEvent, useDeferredValue, useId, useMemo, useRef, useState } from "react";
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
 * They open over the menu below the field, as a search box's suggestions do, instead of pushing the menu
 * down and out of the sidebar; they close when focus leaves the search, on Escape, and once one is chosen.
 */
export function DocsSearch({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("docs");
  const { productShortName } = useClientConfig();
  const inputId = useId();
  const statusId = useId();
  const [query, setQuery] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
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

  const closeOnFocusLeaving = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setIsOpen(false);
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || !isOpen) return;
    setIsOpen(false);
    inputRef.current?.focus();
  };
  const choose = () => {
    setIsOpen(false);
    onNavigate?.();
  };
  const showsResults = isOpen && Boolean(deferredQuery);

  return (
    <search className="docs-search" onBlur={closeOnFocusLeaving} onKeyDown={closeOnEscape}>
      <label htmlFor={inputId} className="visually-hidden">
        {t("search.label")}
      </label>
      {/* A native input rather than antd's: the docs stay within their first-load budget. */}
      <div className="docs-search-field">
        <SearchOutlined aria-hidden="true" className="docs-search-icon" />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          value={query}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={statusId}
          className="docs-input docs-search-input"
          onFocus={() => {
            setIsWanted(true);
            setIsOpen(true);
          }}
          onChange={(event) => {
            setIsWanted(true);
            setIsOpen(true);
            setQuery(event.target.value);
          }}
        />
      </div>
      {/*
        Always in the page, hidden while closed, so the status line is announced as it changes. Focusable
        by a press only, so a press on it keeps the focus, and the results, within the search.
      */}
      <div className={showsResults ? "docs-search-panel" : "visually-hidden"} tabIndex={-1}>
        <p id={statusId} role="status" className="docs-search-status">
          {status}
        </p>
        {showsResults && results.length > 0 && (
          <ul aria-label={t("search.resultsLabel")} className="docs-search-results">
            {results.map((result) => {
              const path = getDocsPagePath(result.pageId, productShortName);
              return (
                <li key={`${result.pageId}#${result.headingId ?? ""}`}>
                  <Link
                    to={result.headingId ? `${path}#${result.headingId}` : path}
                    state={result.headingId ? undefined : DOCS_FOCUS_TITLE_STATE}
                    onClick={choose}
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
      </div>
    </search>
  );
}
