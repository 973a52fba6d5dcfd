import { PlayCircleOutlined } from "@ant-design/icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { getCurrentLanguage } from "@/i18n";
import { useClientConfig } from "@/lib/client-config";
import { getVideoTutorial, VIDEO_TUTORIAL_FORMAT, VIDEO_TUTORIAL_SCENES } from "../content/video-tutorial";
import { VIDEO_DOCS_PATH } from "../lib/docs-navigation";
import "./docs-video-tutorial.css";

/** The anchors of the block's two sections, which the page's table of contents lists first (issue 58). */
export const VIDEO_TUTORIAL_SECTION_IDS = { video: "video-tutorial", transcript: "video-transcript" } as const;

/**
 * The /video-document block: the tutorial recorded from this site's own screens by `npm run docs:video`
 * (scripts/docs-video.ts), served by this site, in a plain <video> with the browser's controls. The CSP's
 * `default-src 'self'` covers media and caption files from this origin (there is no media-src of its own), and
 * nothing from another site is embedded. Each language has its own recording, of the screens in that language,
 * with its own poster and captions: a French reader sees the French screens under French captions. It never
 * plays by itself (nothing moves before the reader asks, which also respects prefers-reduced-motion); its
 * captions are on, and the transcript below gives the same steps to anyone who cannot or would rather not watch. A site that links its footer to another
 * tutorial (VIDEO_TUTORIAL_URL) gets a link to it as well.
 */
export function DocsVideoTutorial() {
  const { t } = useTranslation("docs");
  const { productName, links } = useClientConfig();
  const language = getCurrentLanguage();
  const tutorial = getVideoTutorial(language);
  const headingId = VIDEO_TUTORIAL_SECTION_IDS.video;
  const summaryId = useId();
  const transcriptHeadingId = VIDEO_TUTORIAL_SECTION_IDS.transcript;
  const hasOtherTutorial = links.videoTutorial.replace(/\/+$/, "") !== VIDEO_DOCS_PATH;

  return (
    <section aria-labelledby={headingId} className="docs-video">
      <h2 id={headingId} className="docs-video-heading">
        {t("video.heading")}
      </h2>
      <p id={summaryId}>{t("video.summary", { productName })}</p>
      {/* Keyed by language: a browser reads <source> and `default` only when the element loads, so a language
          switch gives a new element, which loads the new language's video, poster and captions. */}
      <video
        key={language}
        className="docs-video-player"
        controls
        preload="metadata"
        poster={tutorial.poster}
        width={VIDEO_TUTORIAL_FORMAT.width}
        height={VIDEO_TUTORIAL_FORMAT.height}
        aria-describedby={summaryId}
      >
        <source src={tutorial.src} type={VIDEO_TUTORIAL_FORMAT.type} />
        <track
          kind="captions"
          src={tutorial.captions}
          srcLang={language}
          label={language === "fr" ? t("video.captionsFr") : t("video.captionsEn")}
          default
        />
        <p>{t("video.unsupported")}</p>
      </video>
      <p className="docs-video-download">
        <a href={tutorial.src} download>
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
