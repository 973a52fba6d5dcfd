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
  const { previous, next } = getAdjacentDocsPageIds(pageId);
  return (
    <nav aria-label={t("pager.label")} className="docs-pager">
      {previous && <DocsPagerLink direction="previous" pageId={previous} />}
      {next && <DocsPagerLink direction="next" pageId={next} />}
    </nav>
  );
}

/** One side of the pager: the direction with its arrow on the outer side, then the page's title. */
function DocsPagerLink({ direction, pageId }: { direction: "previous" | "next"; pageId: DocsPageId }) {
  const { t } = useTranslation("docs");
  const { productShortName } = useClientConfig();
  const title = t(`pages.${pageId}.title`, { productShortName });
  const isPrevious = direction === "previous";
  return (
    <Link
      to={getDocsPagePath(pageId, productShortName)}
      state={DOCS_FOCUS_TITLE_STATE}
      aria-label={t(isPrevious ? "pager.previousPage" : "pager.nextPage", { title })}
      className={`docs-pager-link docs-pager-${direction}`}
    >
      <span className="docs-pager-direction">
        {isPrevious && <LeftOutlined aria-hidden="true" />}
        {t(isPrevious ? "pager.previous" : "pager.next")}
        {!isPrevious && <RightOutlined aria-hidden="true" />}
      </span>
      <span className="docs-pager-title">{title}</span>
    </Link>
  );
}
