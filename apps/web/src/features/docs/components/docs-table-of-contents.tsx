import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDocsPlaceholders } from "../hooks/use-docs-placeholders";
import { fillPlaceholders } from "../lib/fill-placeholders";
import type { DocsHeading } from "../types/docs-content";

/** Below this many sections a page fits on a screen or two and a table of contents is clutter. */
const MIN_SECTIONS_FOR_CONTENTS = 4;

export function DocsTableOfContents({ headings }: { headings: readonly DocsHeading[] }) {
  const { t } = useTranslation("docs");
  const placeholders = useDocsPlaceholders();
  const labelId = useId();
  const sections = headings.filter((heading) => heading.level === 2);
  if (sections.length < MIN_SECTIONS_FOR_CONTENTS) return null;
  return (
    <nav aria-labelledby={labelId} className="docs-toc">
      <p id={labelId} className="docs-toc-title">
        {t("toc.label")}
      </p>
      <ul>
        {sections.map((heading) => (
          <li key={heading.id}>
            <Link to={{ hash: heading.id }}>{fillPlaceholders(heading.text, placeholders)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
