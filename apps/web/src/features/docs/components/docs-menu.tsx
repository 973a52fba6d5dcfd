import type { DocsPageId } from "@precis/contract/docs-pages";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAppState } from "@/lib/app-state";
import { useClientConfig } from "@/lib/client-config";
import { type DocsMenuGroupId, docsMenuGroups, getDocsPagePath, getDocsPageTitle } from "../lib/docs-navigation";

/**
 * SPEC's side menu as a navigation of plain links (not an ARIA menu: these go to pages, so they
 * must behave as links — middle-click, copy address). The current page is marked aria-current.
 */
export function DocsMenu({ currentPageId, onNavigate }: { currentPageId: DocsPageId | null; onNavigate?: () => void }) {
  const { t } = useTranslation("docs");
  return (
    <nav aria-label={t("menu.label")} className="docs-menu">
      {docsMenuGroups.map((group) => (
        <DocsMenuGroup
          key={group.id}
          groupId={group.id}
          pageIds={group.pageIds}
          currentPageId={currentPageId}
          onNavigate={onNavigate}
        />
      ))}
    </nav>
  );
}

function DocsMenuGroup({
  groupId,
  pageIds,
  currentPageId,
  onNavigate,
}: {
  groupId: DocsMenuGroupId;
  pageIds: readonly DocsPageId[];
  currentPageId: DocsPageId | null;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation("docs");
  const { productShortName } = useClientConfig();
  const { setActiveTitle } = useAppState();
  const labelId = useId();
  return (
    <div className="docs-menu-group">
      <p id={labelId} className="docs-menu-group-title">
        {t(`menuGroups.${groupId}`)}
      </p>
      <ul aria-labelledby={labelId}>
        {pageIds.map((pageId) => {
          const isCurrent = pageId === currentPageId;
          return (
            <li key={pageId}>
              <Link
                to={getDocsPagePath(pageId, productShortName)}
                aria-current={isCurrent ? "page" : undefined}
                className={isCurrent ? "docs-menu-item docs-menu-item-current" : "docs-menu-item"}
                onClick={() => {
                  // product §4: choosing an item sets the active title and navigates.
                  setActiveTitle(getDocsPageTitle(pageId, productShortName));
                  onNavigate?.();
                }}
              >
                {t(`pages.${pageId}.title`, { productShortName })}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
