import type { DocsPageId } from "@precis/contract/docs-pages";
import { DocsMenu } from "./docs-menu";
import { DocsSearch } from "./docs-search";

/** What the left drawer holds: search across the pages, then the menu. */
export function DocsSidebar({
  currentPageId,
  onNavigate,
}: {
  currentPageId: DocsPageId | null;
  onNavigate?: () => void;
}) {
  return (
    <div className="docs-sidebar">
      <DocsSearch onNavigate={onNavigate} />
      <DocsMenu currentPageId={currentPageId} onNavigate={onNavigate} />
    </div>
  );
}
