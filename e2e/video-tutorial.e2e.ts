import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  getVideoTutorialCaptionsPath,
  VIDEO_TUTORIAL,
  VIDEO_TUTORIAL_SCENES,
} from "../apps/web/src/features/docs/content/video-tutorial.ts";
import { expectNoAxeViolations, type Language, useBrowser } from "./support/browser.ts";

const { openPage } = useBrowser();

const texts = {
  en: {
    heading: "Video tutorial",
    transcript: "Transcript",
    footerLink: "Watch the video tutorial",
    title: "Overview",
  },
  fr: {
    heading: "Tutoriel vidéo",
    transcript: "Transcription",
    footerLink: "Regarder le tutoriel vidéo",
    title: "Aperçu",
  },
} satisfies Record<Language, unknown>;

const tutorial = (page: Page, language: Language) => page.getByRole("region", { name: texts[language].heading });

/** What the page's <video> says of itself, and of each caption track (a disabled track is loaded first, as hidden). */
async function readVideo(page: Page) {
  return page.locator("video").evaluate(async (video: HTMLVideoElement) => {
    const tracks = Array.from(video.querySelectorAll("track"));
    const modes = Object.fromEntries(tracks.map((element) => [element.srclang, element.track.mode]));
    for (const element of tracks) if (element.track.mode === "disabled") element.track.mode = "hidden";
    const loaded = await Promise.all(
      tracks.map(
        (element) =>
          new Promise<{ language: string; readyState: number; cues: string[]; isDefault: boolean }>((resolve) => {
            const report = () =>
              resolve({
                language: element.srclang,
                readyState: element.readyState,
                cues: Array.from(element.track.cues ?? [], (cue) => (cue as VTTCue).text),
                isDefault: element.default,
              });
            if (element.readyState >= 2) report();
            else {
              element.addEventListener("load", report, { once: true });
              element.addEventListener("error", report, { once: true });
            }
          }),
      ),
    );
    return {
      controls: video.controls,
      autoplay: video.autoplay,
      paused: video.paused,
      poster: new URL(video.poster).pathname,
      source: new URL(video.currentSrc || video.querySelector("source")?.src || "").pathname,
      modes,
      tracks: loaded,
    };
  });
}

/** Plays the video (muted, as a page may without a click) and reports how far it got. */
async function playFor(page: Page, milliseconds: number) {
  return page.locator("video").evaluate(async (video: HTMLVideoElement, wait) => {
    video.muted = true;
    await video.play();
    const startedAt = video.currentTime;
    await new Promise((resolve) => setTimeout(resolve, wait));
    video.pause();
    return {
      startedAt,
      currentTime: video.currentTime,
      readyState: video.readyState,
      width: video.videoWidth,
      height: video.videoHeight,
      duration: video.duration,
    };
  }, milliseconds);
}

describe("video tutorial", () => {
  for (const language of ["en", "fr"] as const) {
    it(`plays on /video-document with the captions of the page's language on, its transcript below, and no axe violations (${language})`, {
      timeout: 90_000,
    }, async () => {
      const page = await openPage({ language });
      const refused: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await page.goto("/video-document");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(texts[language].title);
      const block = tutorial(page, language);
      await expect.poll(() => block.locator("video").isVisible()).toBe(true);

      const video = await readVideo(page);
      expect(video).toMatchObject({
        controls: true,
        autoplay: false,
        paused: true,
        poster: VIDEO_TUTORIAL.poster,
        source: VIDEO_TUTORIAL.src,
      });
      // Both languages' captions load and have a cue per scene; only the page's language is on, as the default.
      const otherLanguage = language === "en" ? "fr" : "en";
      expect(video.modes).toEqual({ [language]: "showing", [otherLanguage]: "disabled" });
      for (const track of video.tracks) {
        expect(track.readyState).toBe(2);
        expect(track.cues).toHaveLength(VIDEO_TUTORIAL_SCENES.length);
        expect(track.isDefault).toBe(track.language === language);
      }

      // The transcript is the page language's captions, in order.
      const transcript = block.getByRole("region", { name: texts[language].transcript });
      expect(await transcript.getByRole("heading", { name: texts[language].transcript }).isVisible()).toBe(true);
      const ownCues = video.tracks.find((track) => track.language === language)?.cues;
      expect(await transcript.getByRole("listitem").allTextContents()).toEqual(ownCues);

      // It plays: the browser decodes it and time moves on.
      const played = await playFor(page, 1_500);
      expect(played.currentTime).toBeGreaterThan(played.startedAt + 0.5);
      expect(played.readyState).toBeGreaterThanOrEqual(3);
      expect({ width: played.width, height: played.height }).toEqual({
        width: VIDEO_TUTORIAL.width,
        height: VIDEO_TUTORIAL.height,
      });
      expect(played.duration).toBeGreaterThan(30);
      expect(refused).toEqual([]);

      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page);
    });
  }

  it("is where the footer's link lands, and never starts by itself (prefers-reduced-motion)", async () => {
    const page = await openPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/document/faq");
    await page.getByRole("contentinfo").getByRole("link", { name: texts.en.footerLink }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/video-document");
    await expect.poll(() => tutorial(page, "en").locator("video").isVisible()).toBe(true);
    await page.waitForTimeout(1_000);
    expect(
      await page.locator("video").evaluate((video: HTMLVideoElement) => [video.paused, video.currentTime]),
    ).toEqual([true, 0]);
  });

  it("switches the captions with the page's language", async () => {
    const page = await openPage();
    await page.goto("/video-document");
    await expect.poll(() => tutorial(page, "en").locator("video").isVisible()).toBe(true);
    await page.getByRole("radiogroup", { name: "Language" }).locator("label", { hasText: "FR" }).click();
    await expect.poll(() => tutorial(page, "fr").isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .locator("video track")
          .evaluateAll((tracks: HTMLTrackElement[]) => tracks.map((track) => `${track.srclang}:${track.track.mode}`)),
      )
      .toEqual(["en:disabled", "fr:showing"]);
  });

  it("is served in ranges, as a player seeks, with its captions as WebVTT", async () => {
    const page = await openPage();
    const range = await page.request.get(VIDEO_TUTORIAL.src, { headers: { range: "bytes=0-99" } });
    expect(range.status()).toBe(206);
    expect(range.headers()["content-type"]).toBe("video/webm");
    expect((await range.body()).length).toBe(100);
    for (const language of ["en", "fr"] as const) {
      const captions = await page.request.get(getVideoTutorialCaptionsPath(language));
      expect(captions.status()).toBe(200);
      expect(captions.headers()["content-type"]).toMatch(/^text\/vtt/);
      expect(await captions.text()).toMatch(/^WEBVTT\n/);
    }
  });
});
