import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  getVideoTutorial,
  VIDEO_TUTORIAL_FORMAT,
  VIDEO_TUTORIAL_SCENES,
} from "../apps/web/src/features/docs/content/video-tutorial.ts";
import { expectNoAxeViolations, type Language, useBrowser } from "./support/browser.ts";

const { openPage } = useBrowser();

const texts = {
  en: {
    heading: "Video tutorial",
    transcript: "Transcript",
    footerLink: "Watch the video tutorial",
    title: "Video tutorial and overview",
    toc: "On this page",
    overviewSections: ["What Precis does", "Getting started", "A word on accuracy", "Getting help"],
    captionsLabel: "English",
  },
  fr: {
    heading: "Tutoriel vidéo",
    transcript: "Transcription",
    footerLink: "Regarder le tutoriel vidéo",
    title: "Tutoriel vidéo et aperçu",
    toc: "Sur cette page",
    overviewSections: ["Ce que fait Precis", "Pour commencer", "Un mot sur la fiabilité", "Obtenir de l’aide"],
    captionsLabel: "Français",
  },
} satisfies Record<Language, unknown>;

/** Each language's captions as the docs catalogue has them, which the script wrote into that language's .vtt. */
const captionsOf = (language: Language): string[] => {
  const catalogue = JSON.parse(
    readFileSync(new URL(`../apps/web/src/i18n/${language}/docs.json`, import.meta.url), "utf8"),
  ) as { video: { scenes: Record<string, string> } };
  return VIDEO_TUTORIAL_SCENES.map((scene) => catalogue.video.scenes[scene] ?? "");
};

const tutorial = (page: Page, language: Language) => page.getByRole("region", { name: texts[language].heading });

/** What the page's <video> says of itself: its attributes, its <source> and each <track>, loaded. */
async function readVideo(page: Page) {
  return page.locator("video").evaluate(async (video: HTMLVideoElement) => {
    const tracks = Array.from(video.querySelectorAll("track"));
    const loaded = await Promise.all(
      tracks.map(
        (element) =>
          new Promise<{
            src: string | null;
            kind: string;
            language: string;
            label: string;
            isDefault: boolean;
            mode: string;
            readyState: number;
            cues: string[];
          }>((resolve) => {
            const report = () =>
              resolve({
                src: element.getAttribute("src"),
                kind: element.kind,
                language: element.srclang,
                label: element.label,
                isDefault: element.default,
                mode: element.track.mode,
                readyState: element.readyState,
                cues: Array.from(element.track.cues ?? [], (cue) => (cue as VTTCue).text),
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
      poster: video.getAttribute("poster"),
      sources: Array.from(video.querySelectorAll("source"), (source) => ({
        src: source.getAttribute("src"),
        type: source.getAttribute("type"),
      })),
      tracks: loaded,
    };
  });
}

/** Where the browser loads the video from, once it has picked a source. */
const currentSource = (page: Page) =>
  page
    .locator("video")
    .evaluate((video: HTMLVideoElement) => (video.currentSrc ? new URL(video.currentSrc).pathname : ""));

/** Plays the video (muted, as a page may without a click) and reports how far it got. */
/**
 * Plays the video muted until its time has moved on by `seconds`, on the media's own `timeupdate` events rather
 * than a fixed wait: a busy machine decodes late, and a wall-clock wait then measured the machine. Pauses, and
 * says where it got to; a video that never moves fails on the test's timeout.
 */
async function playUntil(page: Page, seconds: number) {
  return page.locator("video").evaluate(async (video: HTMLVideoElement, advance) => {
    video.muted = true;
    const startedAt = video.currentTime;
    const moved = new Promise<void>((resolve) => {
      const onTime = () => {
        if (video.currentTime < startedAt + advance) return;
        video.removeEventListener("timeupdate", onTime);
        resolve();
      };
      video.addEventListener("timeupdate", onTime);
    });
    await video.play();
    await moved;
    video.pause();
    return {
      startedAt,
      currentTime: video.currentTime,
      readyState: video.readyState,
      width: video.videoWidth,
      height: video.videoHeight,
      duration: video.duration,
    };
  }, seconds);
}

/** Asserts that /video-document's video is `language`'s recording, with its poster and captions only. */
async function expectVideoOf(page: Page, language: Language) {
  const files = getVideoTutorial(language);
  const video = await readVideo(page);
  expect(video).toMatchObject({
    controls: true,
    autoplay: false,
    paused: true,
    poster: files.poster,
    sources: [{ src: files.src, type: VIDEO_TUTORIAL_FORMAT.type }],
  });
  // One caption track, the language's, on by default, with a cue per scene in that language's words.
  expect(video.tracks).toEqual([
    {
      src: files.captions,
      kind: "captions",
      language,
      label: texts[language].captionsLabel,
      isDefault: true,
      mode: "showing",
      readyState: 2,
      cues: captionsOf(language),
    },
  ]);
  await expect.poll(() => currentSource(page)).toBe(files.src);
  return video;
}

describe("video tutorial", () => {
  for (const language of ["en", "fr"] as const) {
    for (const width of [1280, 390]) {
      it(`serves the ${language} page the ${language} recording, poster, captions and transcript, and has no axe violations (${width} px)`, {
        timeout: 90_000,
      }, async () => {
        const page = await openPage({ language, width });
        const refused: string[] = [];
        page.on("console", (message) => {
          if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
        });
        await page.goto("/video-document");
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(texts[language].title);
        // Titled for the video as well as the overview, and its table of contents starts with the video and the
        // transcript, each link landing on its section (issue 58).
        await expect.poll(() => page.title()).toMatch(new RegExp(`^${texts[language].title} – `));
        const toc = page.getByRole("navigation", { name: texts[language].toc });
        expect(await toc.getByRole("link").allTextContents()).toEqual([
          texts[language].heading,
          texts[language].transcript,
          ...texts[language].overviewSections,
        ]);
        for (const name of [texts[language].heading, texts[language].transcript]) {
          const target = (await toc.getByRole("link", { name, exact: true }).getAttribute("href"))?.split("#")[1];
          expect(await page.locator(`[id="${target}"]`).textContent()).toBe(name);
        }
        const block = tutorial(page, language);
        await expect.poll(() => block.locator("video").isVisible()).toBe(true);

        const video = await expectVideoOf(page, language);
        // The download link is the same recording.
        expect(await block.getByRole("link", { name: /WebM/ }).getAttribute("href")).toBe(
          getVideoTutorial(language).src,
        );
        // The transcript is the page language's captions, in order.
        const transcript = block.getByRole("region", { name: texts[language].transcript });
        expect(await transcript.getByRole("heading", { name: texts[language].transcript }).isVisible()).toBe(true);
        expect(await transcript.getByRole("listitem").allTextContents()).toEqual(video.tracks[0]?.cues);

        // Each file the page names answers, as what it is.
        const files = getVideoTutorial(language);
        for (const [file, type] of [
          [files.src, /^video\/webm$/],
          [files.poster, /^image\/jpeg$/],
          [files.captions, /^text\/vtt/],
        ] as const) {
          const response = await page.request.get(file);
          expect({ file, status: response.status() }).toEqual({ file, status: 200 });
          expect(response.headers()["content-type"]).toMatch(type);
        }

        // It plays: the browser decodes it and time moves on.
        const played = await playUntil(page, 0.6);
        expect(played.currentTime).toBeGreaterThan(played.startedAt + 0.5);
        expect(played.readyState).toBeGreaterThanOrEqual(3);
        expect({ width: played.width, height: played.height }).toEqual({
          width: VIDEO_TUTORIAL_FORMAT.width,
          height: VIDEO_TUTORIAL_FORMAT.height,
        });
        expect(played.duration).toBeGreaterThan(30);
        expect(refused).toEqual([]);

        await page.evaluate(() => window.scrollTo(0, 0));
        await expectNoAxeViolations(page);
      });
    }
  }

  it("has a recording of its own per language, not one copy under two names", async () => {
    const page = await openPage();
    const body = async (file: string) => (await page.request.get(file)).body();
    const [english, french] = [getVideoTutorial("en"), getVideoTutorial("fr")];
    for (const file of ["src", "poster", "captions"] as const) {
      const [ofEnglish, ofFrench] = await Promise.all([body(english[file]), body(french[file])]);
      expect({ file, isSame: ofEnglish.equals(ofFrench) }).toEqual({ file, isSame: false });
    }
  });

  it("is where the footer's link lands, and never starts by itself (prefers-reduced-motion)", async () => {
    const page = await openPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/document/faq");
    await page.getByRole("contentinfo").getByRole("link", { name: texts.en.footerLink }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/video-document");
    await expect.poll(() => tutorial(page, "en").locator("video").isVisible()).toBe(true);
    // Its metadata loaded (preload="metadata"): the moment an autoplaying video would start. Nothing started.
    await expect
      .poll(() => page.locator("video").evaluate((video: HTMLVideoElement) => video.readyState))
      .toBeGreaterThanOrEqual(1);
    expect(
      await page
        .locator("video")
        .evaluate((video: HTMLVideoElement) => [video.paused, video.currentTime, video.played.length]),
    ).toEqual([true, 0, 0]);
  });

  it("switches to the other language's recording, poster and captions when the page's language changes", async () => {
    const page = await openPage();
    await page.goto("/video-document");
    await expect.poll(() => tutorial(page, "en").locator("video").isVisible()).toBe(true);
    await expectVideoOf(page, "en");
    await page.getByRole("radiogroup", { name: "Language" }).locator("label", { hasText: "FR" }).click();
    await expect.poll(() => tutorial(page, "fr").isVisible()).toBe(true);
    await expect.poll(() => page.locator("video source").getAttribute("src")).toBe(getVideoTutorial("fr").src);
    await expectVideoOf(page, "fr");
  });

  it("is served in ranges, as a player seeks, in each language", async () => {
    const page = await openPage();
    for (const language of ["en", "fr"] as const) {
      const range = await page.request.get(getVideoTutorial(language).src, { headers: { range: "bytes=0-99" } });
      expect(range.status()).toBe(206);
      expect(range.headers()["content-type"]).toBe("video/webm");
      expect((await range.body()).length).toBe(100);
    }
  });
});
