/**
 * The video tutorial of /video-document, as `npm run docs:video` (scripts/docs-video.ts) records it and the page
 * embeds it. The files live in apps/web/public/video/, which the build copies to the site's root; the script
 * writes them all, and the captions' texts are the docs catalogue's `video.scenes.*`, one per scene below, in
 * the order the video shows them (the page's transcript lists the same texts).
 */
export const VIDEO_TUTORIAL = {
  src: "/video/precis-tutorial.webm",
  type: "video/webm",
  poster: "/video/precis-tutorial-poster.jpg",
  width: 1280,
  height: 720,
} as const;

/** The captions of one language, written by the script from the scenes' measured timings. */
export function getVideoTutorialCaptionsPath(language: "en" | "fr") {
  return `/video/precis-tutorial.${language}.vtt`;
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
