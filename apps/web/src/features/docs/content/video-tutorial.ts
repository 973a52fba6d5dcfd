/**
 * The video tutorial of /video-document, as `npm run docs:video` (scripts/docs-video.ts) records it and the page
 * embeds it: one recording per language, of the screens in that language, each with its own poster and its own
 * captions timed to it (a French reader sees French screens under French captions). The files live in
 * apps/web/public/video/, which the build copies to the site's root; the script writes them all, and the
 * captions' texts are the docs catalogue's `video.scenes.*`, one per scene below, in the order the video shows
 * them (the page's transcript lists the same texts).
 */
import type { SupportedLanguage } from "../../../i18n/languages";

/** What both recordings share: the screencast's size and the container. */
export const VIDEO_TUTORIAL_FORMAT = {
  type: "video/webm",
  width: 1280,
  height: 720,
} as const;

/** The files of one language's recording: the video, its poster (a frame of it, so in its language) and its captions. */
export function getVideoTutorial(language: SupportedLanguage) {
  return {
    src: `/video/precis-tutorial.${language}.webm`,
    poster: `/video/precis-tutorial-poster.${language}.jpg`,
    captions: `/video/precis-tutorial.${language}.vtt`,
  };
}

/** The scenes of the video in order: each is one caption cue, and one paragraph of the transcript. */
export const VIDEO_TUTORIAL_SCENES = [
  "register",
  "registerSubmit",
  "registered",
  "verifyBanner",
  "verifyCode",
  "trialStarted",
  "profile",
  "profileSave",
  "memoSettings",
  "memoOptions",
  "memoTree",
  "memoSave",
  "subscription",
  "end",
] as const;

export type VideoTutorialScene = (typeof VIDEO_TUTORIAL_SCENES)[number];
