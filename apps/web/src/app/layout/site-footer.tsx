import { ACCESSIBILITY_STATEMENT_PATH, LEGAL_DOCUMENT_PATHS } from "@precis/contract/docs-pages";
import { Layout } from "antd";
import { useTranslation } from "react-i18next";
import { SmartLink } from "@/components/smart-link";
import { useClientConfig } from "@/lib/client-config";

/** product §9: the footer's copyright notice is for 2024. */
const COPYRIGHT_YEAR = 2024;

export function SiteFooter() {
  const { t } = useTranslation("shell");
  const { productName, supportEmail, links } = useClientConfig();

  const externalLinks = [
    { key: "company-site", href: links.companySite, label: t("footer.companySite") },
    { key: "product-site", href: links.productSite, label: t("footer.productSite", { productName }) },
    { key: "professional-network", href: links.professionalNetwork, label: t("footer.professionalNetwork") },
    { key: "social-media", href: links.socialMedia, label: t("footer.socialMedia") },
    { key: "extension-store", href: links.extensionStore, label: t("footer.extensionStore") },
    { key: "video-tutorial", href: links.videoTutorial, label: t("footer.videoTutorial") },
  ];

  return (
    <Layout.Footer className="app-footer">
      <div className="footer-inner">
        <div className="footer-blocks">
          <div className="footer-block">
            <h2>{t("footer.newsletter.heading")}</h2>
            <p>{t("footer.newsletter.text", { productName })}</p>
            <SmartLink href={links.newsletter}>{t("footer.newsletter.subscribe")}</SmartLink>
          </div>
          <div className="footer-block">
            <h2>{t("footer.contact.heading")}</h2>
            <p>{t("footer.contact.text")}</p>
            <SmartLink href={`mailto:${supportEmail}`}>{supportEmail}</SmartLink>
          </div>
          <div className="footer-block">
            <h2>{t("footer.tutorials.heading")}</h2>
            <p>{t("footer.tutorials.text", { productName })}</p>
            <LinkList
              className="footer-list"
              links={[
                { key: "video", href: links.videoTutorial, label: t("footer.tutorials.video") },
                { key: "documentation", href: links.documentation, label: t("footer.tutorials.documentation") },
              ]}
            />
          </div>
        </div>
        <nav aria-label={t("footer.linksLabel", { productName })}>
          <LinkList className="footer-links" links={externalLinks} />
        </nav>
        <div className="footer-bottom">
          <p className="footer-copyright">{t("footer.copyright", { year: COPYRIGHT_YEAR, productName })}</p>
          <nav aria-label={t("footer.legalLabel")}>
            <LinkList
              className="footer-legal"
              links={[
                { key: "terms", href: LEGAL_DOCUMENT_PATHS.terms, label: t("footer.terms") },
                { key: "privacy", href: LEGAL_DOCUMENT_PATHS.privacy, label: t("footer.privacy") },
                { key: "accessibility", href: ACCESSIBILITY_STATEMENT_PATH, label: t("legal.accessibility") },
              ]}
            />
          </nav>
        </div>
      </div>
    </Layout.Footer>
  );
}

/** The footer's lists of links, one a list item. */
function LinkList({ className, links }: { className: string; links: { key: string; href: string; label: string }[] }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.key}>
          <SmartLink href={link.href}>{link.label}</SmartLink>
        </li>
      ))}
    </ul>
  );
}
