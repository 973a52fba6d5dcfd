import { PlayCircleOutlined } from "@ant-design/icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { useClientConfig } from "@/lib/client-config";
import { VIDEO_DOCS_PATH } from "../lib/docs-navigation";

/**
 * The /video-document block. The tutorial is a link, never an embedded player: the CSP allows no
 * third-party frames, and a link lets the reader watch it in the player they prefer. The default
 * configuration points the tutorial at this very page, which means no video is published yet.
 */
export function DocsVideoTutorial() {
  const { t } = useTranslation("docs");
  const { productName, links } = useClientConfig();
  const headingId = useId();
  const isPublished = links.videoTutorial.replace(/\/+$/, "") !== VIDEO_DOCS_PATH;
  return (
    <section aria-labelledby={headingId} className="docs-video">
      <h2 id={headingId} className="docs-video-heading">
        {t("video.heading")}
      </h2>
      {isPublished ? (
        <>
          <p>{t("video.description", { productName })}</p>
          <LinkButton
            type="primary"
            size="large"
            icon={<PlayCircleOutlined aria-hidden="true" />}
            to={links.videoTutorial}
          >
            {t("video.watch")}
          </LinkButton>
        </>
      ) : (
        <p>{t("video.unavailable")}</p>
      )}
    </section>
  );
}
