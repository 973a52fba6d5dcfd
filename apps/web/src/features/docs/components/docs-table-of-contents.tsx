import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDocsPlaceholders } from "../hooks/use-docs-placeholders";
import { fillPlaceholders } from "../lib/fill-placeholders";
import type { DocsHeading } from "../types/docs-content";

/** Below this many sections a page fits on a screen or two and a table of contents is clutter. */
const MIN_SECTIONS_FOR_CONTENTS = 4;

/** A section of the page that is not of its Markdown (the video tutorial and its transcript), listed first. */
export interface DocsLeadingSection {
  id: string;
  text: string;
}

export function DocsTableOfContents({
  headings,
  leadingSections = [],
}: {
  headings: readonly DocsHeading[];
  leadingSections?: readonly DocsLeadingSection[];
}) {
  const { t } = useTranslation("docs");
  const placeholders = useDocsPlaceholders();
  const labelId = useId();
  const sections = [
    ...leadingSections,
    ...headings
      .filter((heading) => heading.level === 2)
      .map((heading) => ({ id: heading.id, text: fillPlaceholders(heading.text, placeholders) })),
  ];
  if (sections.length < MIN_SECTIONS_FOR_CONTENTS) return null;
  return (
    <nav aria-labelledby={labelId} className="docs-toc">
      <p id={labelId} className="docs-toc-title">
        {t("toc.label")}
      </p>
      <ul>
        {sections.map((heading) => (
          <li key={heading.id}>
            <Link to={{ hash: heading.id }}>{heading.text}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
