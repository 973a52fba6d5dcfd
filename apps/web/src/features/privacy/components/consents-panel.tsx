import { ReloadOutlined } from "@ant-design/icons";
import { Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BusyButton } from "@/components/busy-button";
import { Notice } from "@/components/notice";
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

  let content: React.ReactNode;
  if (consentsQuery.isPending) {
    content = (
      <div role="status" aria-label={t("consents.loading")} className="privacy-loading">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  } else if (consentsQuery.isError && !consentsQuery.data) {
    content = (
      <Notice
        type="error"
        role="alert"
        title={t("consents.loadFailed")}
        description={
          <BusyButton
            icon={<ReloadOutlined aria-hidden="true" />}
            isBusy={consentsQuery.isFetching}
            onClick={() => {
              if (!consentsQuery.isFetching) void consentsQuery.refetch();
            }}
          >
            {t("consents.retry")}
          </BusyButton>
        }
      />
    );
  } else {
    const { accepted, current } = consentsQuery.data;
    content = (
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
    );
  }

  return (
    <section className="privacy-panel" aria-labelledby="consents-heading">
      <h2 id="consents-heading" className="privacy-panel-heading">
        {t("consents.heading")}
      </h2>
      <p className="privacy-panel-intro">{t("consents.intro")}</p>
      {content}
    </section>
  );
}
