import { DownloadOutlined, FileTextOutlined, MessageOutlined, SearchOutlined } from "@ant-design/icons";
import type { DocsPageId } from "@precis/contract/docs-pages";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useClientConfig } from "@/lib/client-config";
import { DOCS_FOCUS_TITLE_STATE } from "../lib/docs-focus";
import { getDocsPagePath } from "../lib/docs-navigation";

/** product §3 "Documentation feature entry": heading, description, icon and value (the page it opens). */
interface DocsFeature {
  key: "install" | "case-chat" | "case-memo" | "search-optimizer";
  icon: ComponentType<{ "aria-hidden": "true" }>;
  value: DocsPageId;
}

const features: readonly DocsFeature[] = [
  { key: "install", icon: DownloadOutlined, value: "install-extension" },
  { key: "case-chat", icon: MessageOutlined, value: "case-chat" },
  { key: "case-memo", icon: FileTextOutlined, value: "case-memo" },
  { key: "search-optimizer", icon: SearchOutlined, value: "search-optimizer" },
];

/**
 * The overview's four feature buttons. Each card is one link named by its heading alone; the link
 * stretches over the card (CSS), so the whole card is clickable without a long accessible name.
 */
export function DocsFeatureList() {
  const { t } = useTranslation("docs");
  const { productShortName } = useClientConfig();
  return (
    <ul aria-label={t("features.label")} className="docs-features">
      {features.map(({ key, icon: Icon, value }) => (
        <li key={key} className="docs-feature">
          <span className="docs-feature-icon">
            <Icon aria-hidden="true" />
          </span>
          <Link
            to={getDocsPagePath(value, productShortName)}
            state={DOCS_FOCUS_TITLE_STATE}
            className="docs-feature-link"
          >
            {t(`features.${key}.heading`, { productShortName })}
          </Link>
          <span className="docs-feature-description">{t(`features.${key}.description`)}</span>
        </li>
      ))}
    </ul>
  );
}
