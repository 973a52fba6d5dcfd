import { useTranslation } from "react-i18next";
import { DocsFeatureList } from "../components/docs-feature-list";
import { DocsLayout } from "../components/docs-layout";
import { DocsPage } from "../components/docs-page";
import { DocsVideoTutorial, VIDEO_TUTORIAL_SECTION_IDS } from "../components/docs-video-tutorial";

/**
 * /video-document: the overview, inside the documentation layout, opening with the video tutorial. Titled for
 * both, and its table of contents lists the video and its transcript before the overview's sections (issue 58).
 */
export function VideoDocsRoute() {
  return (
    <DocsLayout>
      <VideoDocsPage />
    </DocsLayout>
  );
}

function VideoDocsPage() {
  const { t } = useTranslation("docs");
  return (
    <DocsPage
      pageId="overview"
      title={t("video.pageTitle")}
      beforeContent={<DocsVideoTutorial />}
      afterIntro={<DocsFeatureList />}
      leadingSections={[
        { id: VIDEO_TUTORIAL_SECTION_IDS.video, text: t("video.heading") },
        { id: VIDEO_TUTORIAL_SECTION_IDS.transcript, text: t("video.transcriptHeading") },
      ]}
    />
  );
}
