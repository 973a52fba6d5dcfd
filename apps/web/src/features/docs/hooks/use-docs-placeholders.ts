import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { getCurrentLanguage } from "@/i18n";
import { useClientConfig } from "@/lib/client-config";
import { formatCurrencyName } from "../lib/format-currency-name";
import { formatDays } from "../lib/format-days";
import type { DocsPlaceholderValues } from "../types/docs-content";

/** What `{{name}}` stands for in the Markdown pages, from this environment's config. */
export function useDocsPlaceholders(): DocsPlaceholderValues {
  const { productName, productShortName, supportEmail, links, operator, privacy } = useClientConfig();
  // Re-renders on a language switch: the durations, the law and the currency are written in the page's language.
  const { t } = useTranslation("docs");
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
      operatorName: operator.legalName,
      operatorAddress: operator.postalAddress,
      // "in Quebec", « au Québec »: French picks its preposition by the place's name.
      governingLawPlace: t(`legal.jurisdictions.${operator.governingJurisdiction}`),
      currency: formatCurrencyName(operator.currency, language),
      privacyOfficerName: privacy.officerName,
      privacyOfficerTitle: language === "fr" ? privacy.officerTitle.fr : privacy.officerTitle.en,
    };
  }, [productName, productShortName, supportEmail, links, operator, privacy, language, t]);
}
