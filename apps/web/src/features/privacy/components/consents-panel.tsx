import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PanelSection } from "@/components/panel-section";
import { QueryContent, RetryNotice } from "@/components/query-content";
import { getCurrentLanguage } from "@/i18n";
import { formatLongDate } from "@/lib/format-date";
import { useConsents } from "../api/get-consents";

/** The two documents an account accepts, where each is published, and its name's key in the catalogue. */
const LEGAL_PAGES = [
  { document: "terms", path: "/terms" },
  { document: "privacy", path: "/privacy" },
] as const;

/** Issue 28: which versions of the Terms of Service and the Privacy Policy the account accepted, and when. */
export function ConsentsPanel() {
  const { t } = useTranslation("privacy");
  const consentsQuery = useConsents();
  const language = getCurrentLanguage();

  const content = (
    <QueryContent
      query={consentsQuery}
      rows={2}
      loadingLabel={t("consents.loading")}
      loadingClassName="privacy-loading"
      failure={<RetryNotice title={t("consents.loadFailed")} retryLabel={t("consents.retry")} query={consentsQuery} />}
    >
      {({ accepted, current }) => (
        <dl className="consent-list">
          {LEGAL_PAGES.map(({ document, path }) => {
            // The newest acceptance of the document is the one that counts.
            const latest = accepted
              .filter((record) => record.document === document)
              .sort((a, b) => Date.parse(b.acceptedAt) - Date.parse(a.acceptedAt))[0];
            return (
              <div key={document} className="consent-row">
                <dt>{t(`consents.documents.${document}`)}</dt>
                <dd>
                  <p className="consent-status">
                    {latest
                      ? t("consents.accepted", {
                          version: latest.version,
                          date: formatLongDate(latest.acceptedAt, language),
                        })
                      : t("consents.notAccepted")}
                  </p>
                  {latest && latest.version !== current[document] && (
                    <p className="consent-status">{t("consents.newVersion", { version: current[document] })}</p>
                  )}
                  <Link to={path}>{t(`consents.read.${document}`)}</Link>
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </QueryContent>
  );

  return (
    <PanelSection look="privacy-panel" heading={t("consents.heading")} intro={t("consents.intro")}>
      {content}
    </PanelSection>
  );
}
