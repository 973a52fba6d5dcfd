import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import type { DocsPageId } from "@precis/contract/docs-pages";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useClientConfig } from "@/lib/client-config";
import { DOCS_FOCUS_TITLE_STATE } from "../lib/docs-focus";
import { getAdjacentDocsPageIds, getDocsPagePath } from "../lib/docs-navigation";

/**
 * Previous and Next, in menu order. Each is named after where it leads, "Previous: Overview": the
 * label spells it out because the two lines of the card would otherwise be read without the colon.
 */
export function DocsPager({ pageId }: { pageId: DocsPageId }) {
  const { t } = useTranslation("docs");
  const { productShortName } = useClientConfig();
  const { previous, next } = getAdjacentDocsPageIds(pageId);
  const title = (id: DocsPageId) => t(`pages.${id}.title`, { productShortName });
  return (
    <nav aria-label={t("pager.label")} className="docs-pager">
      {previous && (
        <Link
          to={getDocsPagePath(previous, productShortName)}
          state={DOCS_FOCUS_TITLE_STATE}
          aria-label={t("pager.previousPage", { title: title(previous) })}
          className="docs-pager-link docs-pager-previous"
        >
          <span className="docs-pager-direction">
            <LeftOutlined aria-hidden="true" />
            {t("pager.previous")}
          </span>
          <span className="docs-pager-title">{title(previous)}</span>
        </Link>
      )}
      {next && (
        <Link
          to={getDocsPagePath(next, productShortName)}
          state={DOCS_FOCUS_TITLE_STATE}
          aria-label={t("pager.nextPage", { title: title(next) })}
          className="docs-pager-link docs-pager-next"
        >
          <span className="docs-pager-direction">
            {t("pager.next")}
            <RightOutlined aria-hidden="true" />
          </span>
          <span className="docs-pager-title">{title(next)}</span>
        </Link>
      )}
    </nav>
  );
}
