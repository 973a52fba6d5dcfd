import { PlayCircleOutlined } from "@ant-design/icons";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { getCurrentLanguage } from "@/i18n";
import { useClientConfig } from "@/lib/client-config";
import { getVideoTutorialCaptionsPath, VIDEO_TUTORIAL, VIDEO_TUTORIAL_SCENES } from "../content/video-tutorial";
import { VIDEO_DOCS_PATH } from "../lib/docs-navigation";
import "./docs-video-tutorial.css";

/**
 * The /video-document block: the tutorial recorded from this site's own screens by `npm run docs:video`
 * (scripts/docs-video.ts), served by this site, in a plain <video> with the browser's controls. The CSP's
 * `default-src 'self'` covers media and caption files from this origin (there is no media-src of its own), and
 * nothing from another site is embedded. It never plays by itself (nothing moves before the reader asks, which
 * also respects prefers-reduced-motion); the captions of the page's language are on, and the transcript below
 * gives the same steps to anyone who cannot or would rather not watch. A site that links its footer to another
 * tutorial (VIDEO_TUTORIAL_URL) gets a link to it as well.
 */
export function DocsVideoTutorial() {
  const { t } = useTranslation("docs");
  const { productName, links } = useClientConfig();
  const language = getCurrentLanguage();
  const headingId = useId();
  const summaryId = useId();
  const transcriptHeadingId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const hasOtherTutorial = links.videoTutorial.replace(/\/+$/, "") !== VIDEO_DOCS_PATH;

  // `default` picks the captions only when the video loads: after a language switch, show the new language's.
  useEffect(() => {
    for (const track of Array.from(videoRef.current?.textTracks ?? [])) {
      track.mode = track.language === language ? "showing" : "disabled";
    }
  }, [language]);

  return (
    <section aria-labelledby={headingId} className="docs-video">
      <h2 id={headingId} className="docs-video-heading">
        {t("video.heading")}
      </h2>
      <p id={summaryId}>{t("video.summary", { productName })}</p>
      <video
        ref={videoRef}
        className="docs-video-player"
        controls
        preload="metadata"
        poster={VIDEO_TUTORIAL.poster}
        width={VIDEO_TUTORIAL.width}
        height={VIDEO_TUTORIAL.height}
        aria-describedby={summaryId}
      >
        <source src={VIDEO_TUTORIAL.src} type={VIDEO_TUTORIAL.type} />
        <track
          kind="captions"
          src={getVideoTutorialCaptionsPath("en")}
          srcLang="en"
          label={t("video.captionsEn")}
          default={language === "en"}
        />
        <track
          kind="captions"
          src={getVideoTutorialCaptionsPath("fr")}
          srcLang="fr"
          label={t("video.captionsFr")}
          default={language === "fr"}
        />
        <p>{t("video.unsupported")}</p>
      </video>
      <p className="docs-video-download">
        <a href={VIDEO_TUTORIAL.src} download>
          {t("video.download")}
        </a>
      </p>
      <section aria-labelledby={transcriptHeadingId} className="docs-video-transcript">
        <h3 id={transcriptHeadingId}>{t("video.transcriptHeading")}</h3>
        <ol>
          {VIDEO_TUTORIAL_SCENES.map((scene) => (
            <li key={scene}>{t(`video.scenes.${scene}`)}</li>
          ))}
        </ol>
      </section>
      {hasOtherTutorial && (
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
      )}
    </section>
  );
}
