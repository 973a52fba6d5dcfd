import { DocsFeatureList } from "../components/docs-feature-list";
import { DocsLayout } from "../components/docs-layout";
import { DocsPage } from "../components/docs-page";
import { DocsVideoTutorial } from "../components/docs-video-tutorial";

/** /video-document: the overview, inside the documentation layout, opening with the video tutorial. */
export function VideoDocsRoute() {
  return (
    <DocsLayout>
      <DocsPage pageId="overview" beforeContent={<DocsVideoTutorial />} afterIntro={<DocsFeatureList />} />
    </DocsLayout>
  );
}
