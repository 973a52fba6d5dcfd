import type { MemoOptionSet } from "@precis/contract/memo-options";
import { useTranslation } from "react-i18next";
import { PanelSection } from "@/components/panel-section";
import { getPreviewHeading, getPreviewSample, getVisibleOutline, type PreviewFocus } from "../lib/memo-preview";

/**
 * product §2 "Memo preferences panel and preview": the heading names the choice of the row last
 * changed, the body shows the sample memo text for it, and the outline shows the sections the
 * memo will hold, in the tree's order.
 */
export function MemoPreviewPane({ set, focus }: { set: MemoOptionSet; focus: PreviewFocus }) {
  const { t } = useTranslation("profile");
  const sample = getPreviewSample(focus, set);
  const outline = getVisibleOutline(set.memoOrdering, set);
  return (
    <PanelSection
      look="memo-preview"
      headingLevel={3}
      heading={t("memo.preview.label")}
      intro={t("memo.preview.sample")}
    >
      {/* Announced when a choice changes the heading, so a screen-reader user hears the effect. */}
      <div aria-live="polite" aria-atomic="true">
        <h4 className="memo-preview-choice" data-testid="memo-preview-heading">
          {getPreviewHeading(focus, set, t)}
        </h4>
      </div>
      <div className="memo-preview-body" lang={sample.language} data-testid="memo-preview-body">
        {sample.blocks.map((block) =>
          block.kind === "paragraph" ? (
            <p key={block.text}>{block.text}</p>
          ) : (
            <ul key={block.items[0]}>
              {block.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ),
        )}
      </div>
      <h4 className="memo-preview-outline-heading">{t("memo.preview.outline")}</h4>
      {outline.length === 0 ? (
        <p>{t("memo.preview.outlineEmpty")}</p>
      ) : (
        <ol className="memo-preview-outline" data-testid="memo-preview-outline">
          {outline.map((section) => (
            <li key={section.id}>
              {t(`memo.sections.titles.${section.id}`)}
              {section.children.length > 0 && (
                <ol>
                  {section.children.map((child) => (
                    <li key={child.id}>{t(`memo.sections.titles.${child.id}`)}</li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
    </PanelSection>
  );
}
