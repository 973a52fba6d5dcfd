import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { getCurrentLanguage } from "@/i18n";
import { useClientConfig } from "@/lib/client-config";
import { formatDays } from "../lib/format-days";
import type { DocsPlaceholderValues } from "../types/docs-content";

/** What `{{name}}` stands for in the Markdown pages, from this environment's config. */
export function useDocsPlaceholders(): DocsPlaceholderValues {
  const { productName, productShortName, supportEmail, links, privacy } = useClientConfig();
  // Re-renders on a language switch: the durations are written in the page's language.
  useTranslation();
  const language = getCurrentLanguage();
  return useMemo(() => {
    const days = (count: number) => formatDays(count, language);
    return {
      productName,
      productShortName,
      supportEmail,
      extensionStoreUrl: links.extensionStore,
      pdfToolUrl: links.pdfTool,
      videoTutorialUrl: links.videoTutorial,
      privacyEmail: privacy.officerEmail,
      deletionGracePeriod: days(privacy.deletionGraceDays),
      sessionRetention: days(privacy.retentionDays.sessions),
      stripePayloadRetention: days(privacy.retentionDays.stripePayloads),
      auditRetention: days(privacy.retentionDays.auditEvents),
      docsFeedbackRetention: days(privacy.retentionDays.docsFeedback),
      knownBrowserRetention: days(privacy.retentionDays.knownBrowsers),
    };
  }, [productName, productShortName, supportEmail, links, privacy, language]);
}
