/**
 * `npm run docs:video`: records the video tutorial that /video-document embeds, once per language, from the real
 * screens of the built app in that language: the English video shows the English screens under English
 * captions, the French one the French screens under French captions, each with its own poster and its own
 * captions timed to its own recording.
 *
 * When to run it: after a change to a screen the video shows (registration, the verification banner and its
 * dialog, User settings, Memo settings with its tree and live preview, the subscription page, the account
 * menu), to a text of those screens in either language, or to a caption (`video.scenes.*` in
 * apps/web/src/i18n/{en,fr}/docs.json: the captions and the page's transcript are those texts). The captions
 * are timed to their recording, so record again rather than edit the .vtt files by hand.
 *
 * How: `npm run build && npm run docs:video` (about four minutes per language on two cores: two to record, two
 * to encode; `npm run docs:video -- fr` records French alone), then watch
 * apps/web/public/video/precis-tutorial.{en,fr}.webm with their captions, and commit the folder (each video must
 * stay under 10 MB: the script says each file's size and the folder's total). It writes committed files and its
 * timings vary from run to run, so it is never part of `npm test` or CI.
 *
 * What it does: for each language, it starts the real server like the browser tests do
 * (e2e/support/global-setup.ts: the built app, PGlite in a temporary DATA_DIR, a free loopback port, a local
 * SMTP server whose messages it reads for the verification code), and drives Debian's Chromium at 1280×720
 * through the scenes of apps/web/src/features/docs/content/video-tutorial.ts. Chromium's locale is the
 * language's (fr-CA or en-CA), as a French or English reader's browser would be, and the app picks its
 * language from it as it does for a first visit; the script stops if the page's language is not the one asked
 * for. Buttons, fields and menus are found by their texts in that language's catalogues
 * (apps/web/src/i18n/{en,fr}/*.json), so a renamed button is followed rather than broken. It keeps the frames
 * of the DevTools protocol's screencast (Playwright's own video recorder needs its own ffmpeg build, which
 * cannot be downloaded here). Each frame lasts until the next one arrives, and Debian's ffmpeg encodes them as
 * VP9 WebM at 25 frames per second. A drawn pointer shows where each click lands (a screencast has no mouse
 * pointer), and each scene lasts long enough to read its caption. Nothing leaves the machine: requests to
 * other sites are refused, and Stripe's pricing table, which comes from js.stripe.com, is drawn by a local
 * stand-in. Chromium and ffmpeg come from Debian: as root the script installs what is missing with apt-get,
 * otherwise it stops with one line saying what to install.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Locator, type Page } from "playwright-core";
import { compiledServerEntry } from "../apps/server/test/compiled-server.ts";
import { findFreePort } from "../apps/server/test/free-ports.ts";
import { type ReceivedMail, startSmtpServer } from "../apps/server/test/smtp.ts";
import {
  getVideoTutorial,
  VIDEO_TUTORIAL_FORMAT,
  VIDEO_TUTORIAL_SCENES,
  type VideoTutorialScene,
} from "../apps/web/src/features/docs/content/video-tutorial.ts";
import { type SupportedLanguage, supportedLanguages } from "../apps/web/src/i18n/languages.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const publicDir = path.join(repoRoot, "apps/web/public");
type Language = SupportedLanguage;
/** Chromium's locale for each language: a Canadian reader's browser, from which the app picks its language. */
const BROWSER_LOCALES: Record<Language, string> = { en: "en-CA", fr: "fr-CA" };

const FRAME_RATE = 25;
/** Keeps the video well under the 10 MB budget: screens are flat colour and text, which VP9 keeps sharp at this quality. */
const VP9_QUALITY = ["-crf", "36", "-b:v", "0"];
/** Reading speed the scenes are paced for: a caption stays at least this many characters per second on screen. */
const CAPTION_CHARACTERS_PER_SECOND = 15;
/**
 * How long the outcome of a step stays on screen at least, and the last screen before the video ends: on a
 * busy machine a step can outlast its caption's reading time, and the French recording once ended on the
 * documentation's loading spinner, its page painted only after the recording had stopped.
 */
const MIN_SECONDS_AFTER_STEP = 1.5;
const SECONDS_AFTER_LAST_SCENE = 2.5;
const MAX_VIDEO_BYTES = 10 * 1024 * 1024;
/** Flags that keep Chromium off the closed network (docs/design.md), as the browser tests launch it. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const PRICING_TABLE_SCRIPT = "https://js.stripe.com/v3/pricing-table.js";

/**
 * The person of the video (example.ca is a documentation domain; the mail goes to the local SMTP server anyway).
 * Each language's recording has its own server, so the same person registers in both.
 */
const PERSON = {
  email: "marie.tremblay@example.ca",
  password: "Tribunal2024x",
  firstName: "Marie",
  lastName: "Tremblay",
  organization: "Tremblay Avocats",
};
/** What the person types, and what the stand-in for Stripe's pricing table says, in each language. */
const TYPED_TEXTS: Record<Language, { areaOfLaw: string; pricingTable: string }> = {
  en: { areaOfLaw: "Labour law", pricingTable: "Plans and prices, with secure payment by Stripe" },
  fr: { areaOfLaw: "Droit du travail", pricingTable: "Forfaits et prix, avec paiement sécurisé par Stripe" },
};

type Frame = { file: string; timestamp: number };
type SceneStart = { scene: VideoTutorialScene; at: number };

async function main() {
  const toRecord = readLanguagesToRecord();
  ensureTools();
  if (!existsSync(path.join(repoRoot, "apps/web/dist/index.html")) || !existsSync(compiledServerEntry))
    fail("The app is not built: run `npm run build` first.");
  const captions = readCaptions();
  const outDir = path.join(publicDir, "video");
  await mkdir(outDir, { recursive: true });
  for (const language of toRecord) await recordLanguage(language, captions[language]);
  await removeStaleFiles(outDir);
  await reportSizes(outDir);
}

/** `npm run docs:video` records every language; `npm run docs:video -- fr` only those named. */
function readLanguagesToRecord(): Language[] {
  const named = process.argv.slice(2);
  for (const name of named) {
    if (!supportedLanguages.some((language) => language === name))
      fail(`Unknown language "${name}": name some of ${supportedLanguages.join(", ")}, or none to record them all.`);
  }
  return supportedLanguages.filter((language) => named.length === 0 || named.includes(language));
}

/** One language's recording, on a server of its own: the video, its poster and its captions. */
async function recordLanguage(language: Language, texts: Record<VideoTutorialScene, string>) {
  console.log(`Recording the ${language} tutorial…`);
  const files = getVideoTutorial(language);
  const workDir = await mkdtemp(path.join(tmpdir(), `precis-docs-video-${language}-`));
  const stops: (() => Promise<unknown>)[] = [() => rm(workDir, { recursive: true, force: true })];
  try {
    const server = await startServer(workDir, stops);
    const framesDir = path.join(workDir, "frames");
    await mkdir(framesDir);
    const { frames, scenes, stoppedAt } = await record(server, framesDir, language, texts, stops);
    const videoPath = path.join(publicDir, files.src);
    const startedAt = frames[0]?.timestamp ?? 0;
    console.log(`Encoding ${frames.length} frames (${(stoppedAt - startedAt).toFixed(1)} s)…`);
    await encode(frames, stoppedAt, path.join(workDir, "frames.txt"), videoPath);
    // The poster is a frame of the memo settings, the richest screen: in the video's language, as the video is.
    const posterScene = scenes.find((start) => start.scene === "memoOptions");
    await extractPoster(videoPath, (posterScene?.at ?? startedAt) - startedAt + 4, path.join(publicDir, files.poster));
    await writeFile(path.join(publicDir, files.captions), buildWebVtt(scenes, startedAt, stoppedAt, texts));
    console.log(`Wrote the ${language} video (${(stoppedAt - startedAt).toFixed(1)} s), its poster and its captions.`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  }
}

/** The folder holds what the page serves and nothing else (the single video of before went when each language got its own). */
async function removeStaleFiles(outDir: string) {
  const served = new Set(
    supportedLanguages.flatMap((language) =>
      Object.values(getVideoTutorial(language)).map((file) => path.basename(file)),
    ),
  );
  for (const name of await readdir(outDir)) {
    if (served.has(name)) continue;
    await rm(path.join(outDir, name));
    console.log(`Removed ${path.relative(repoRoot, path.join(outDir, name))}, which the page no longer serves.`);
  }
}

/** Each file's size, and the folder's total (what the site serves): a video over 10 MB stops the script. */
async function reportSizes(outDir: string) {
  let total = 0;
  const tooLarge: string[] = [];
  for (const name of (await readdir(outDir)).sort()) {
    const { size } = await stat(path.join(outDir, name));
    total += size;
    console.log(`  ${path.relative(repoRoot, path.join(outDir, name))}: ${(size / 1024 / 1024).toFixed(2)} MB`);
    if (name.endsWith(".webm") && size > MAX_VIDEO_BYTES) tooLarge.push(name);
  }
  console.log(`  in all: ${(total / 1024 / 1024).toFixed(2)} MB`);
  if (tooLarge.length > 0)
    fail(`Over ${MAX_VIDEO_BYTES / 1024 / 1024} MB: ${tooLarge.join(", ")}. Shorten the tour or raise the CRF.`);
}

/** Chromium and ffmpeg, from Debian: installed when this runs as root with apt-get, or one line saying what to do. */
function ensureTools() {
  const chromiumCheck = spawnSync(process.execPath, [path.join(repoRoot, "scripts/ensure-chromium.mjs")], {
    stdio: "inherit",
  });
  if (chromiumCheck.status !== 0) fail("Chromium is needed (see above).");
  const hasFfmpeg = () => spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0;
  if (hasFfmpeg()) return;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("ffmpeg is missing: installing Debian's ffmpeg package…");
    spawnSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg"], {
      stdio: "inherit",
    });
  }
  if (!hasFfmpeg())
    fail("ffmpeg not found: install it (Debian/Ubuntu: sudo apt-get install ffmpeg) and run this again.");
}

/** A problem the script can name in one line; thrown, so that what was started is stopped on the way out. */
class StopError extends Error {}

function fail(message: string): never {
  throw new StopError(message);
}

/** Each scene's caption in each language, from the docs catalogues (which the page's transcript shows too). */
function readCaptions(): Record<Language, Record<VideoTutorialScene, string>> {
  const read = (language: Language) => {
    const catalogue = JSON.parse(readFileSync(path.join(repoRoot, `apps/web/src/i18n/${language}/docs.json`), "utf8"));
    const texts: Record<string, unknown> = catalogue.video?.scenes ?? {};
    for (const scene of VIDEO_TUTORIAL_SCENES) {
      if (typeof texts[scene] !== "string") fail(`docs.json (${language}) has no caption video.scenes.${scene}.`);
    }
    return texts as Record<VideoTutorialScene, string>;
  };
  return { en: read("en"), fr: read("fr") };
}

type Translate = (key: string) => string;

/**
 * The app's texts in one language, as `namespace:key.path` (e.g. `auth:register.submit`), read from the
 * catalogues the app is built from: the scenes find what they click by what the reader sees.
 */
function createTranslate(language: Language): Translate {
  const folder = path.join(repoRoot, "apps/web/src/i18n", language);
  const catalogues: Record<string, unknown> = Object.fromEntries(
    readdirSync(folder)
      .filter((name) => name.endsWith(".json"))
      .map((name) => [name.slice(0, -".json".length), JSON.parse(readFileSync(path.join(folder, name), "utf8"))]),
  );
  return (key) => {
    const [namespace = "", keyPath = ""] = key.split(":");
    let value: unknown = catalogues[namespace];
    for (const part of keyPath.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
    if (typeof value !== "string") return fail(`${language}/${namespace}.json has no text ${keyPath}.`);
    return value;
  };
}

/** A catalogue text as the page shows it: the tags that mark its links removed. */
const withoutTags = (text: string) => text.replace(/<\/?[^>]+>/g, "");

/** Matches the start of a text that has a value put in it (e.g. "Account menu for {{name}}"), up to that value. */
function startOf(text: string) {
  const fixed = text.split("{{")[0] ?? text;
  return new RegExp(`^${fixed.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}

/** The real server on a free loopback port, with PGlite in the work folder and a local SMTP server. */
async function startServer(workDir: string, stops: (() => Promise<unknown>)[]) {
  const smtp = await startSmtpServer(0);
  stops.push(smtp.close);
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [compiledServerEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      APP_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(workDir, "data"),
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      SMTP_URL: smtp.url,
      // The product as it ships (an empty variable counts as unset), whatever this shell has set.
      PRODUCT_NAME: "",
      PRODUCT_SHORT_NAME: "",
      // Google and Microsoft sign-in shown as they are on the site (nobody presses them here).
      FIREBASE_PROJECT_ID: "demo-precis",
      FIREBASE_API_KEY: "demo-api-key",
      FIREBASE_AUTH_DOMAIN: "demo-precis.firebaseapp.com",
      FIREBASE_AUTH_EMULATOR_HOST: "",
      STRIPE_PUBLISHABLE_KEY: "pk_test_docs_video",
      STRIPE_PRICING_TABLE_ID: "prctbl_docs_video",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  stops.push(() => stopProcess(server));
  await waitForHealth(baseUrl, server);
  return { baseUrl, inbox: smtp.inbox };
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  // Two minutes: on cores shared with other work, the server once took more than one to start.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) fail(`The server exited with code ${server.exitCode}.`);
    const isUp = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await sleep(200);
  }
  fail("The server did not become healthy within 120 s.");
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Server = { baseUrl: string; inbox: ReceivedMail[] };

/**
 * Plays the scenes in Chromium, with the app in `language`, while the screencast keeps every frame it paints;
 * returns the frames and when each scene began.
 */
async function record(
  server: Server,
  framesDir: string,
  language: Language,
  captions: Record<VideoTutorialScene, string>,
  stops: (() => Promise<unknown>)[],
) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
  stops.push(() => browser.close());
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: VIDEO_TUTORIAL_FORMAT.width, height: VIDEO_TUTORIAL_FORMAT.height },
    deviceScaleFactor: 1,
    // The browser's language (navigator.language and Accept-Language), from which the app picks its own on a
    // first visit, as it does for a reader whose browser is in French.
    locale: BROWSER_LOCALES[language],
    reducedMotion: "no-preference",
  });
  await context.addInitScript({ content: toPageScript(drawPointer) });
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (`${url.origin}${url.pathname}` === PRICING_TABLE_SCRIPT) {
      return route.fulfill({
        contentType: "text/javascript",
        body: toPageScript(definePricingTableStandIn, TYPED_TEXTS[language].pricingTable),
      });
    }
    return url.hostname === "127.0.0.1" ? route.fallback() : route.abort();
  });
  const page = await context.newPage();
  await page.goto("/register");
  await waitForAppStart(page);
  const pageLanguage = await page.evaluate(() => document.documentElement.lang);
  if (pageLanguage !== language)
    fail(
      `The app opened in "${pageLanguage}" with Chromium's locale ${BROWSER_LOCALES[language]}, not in "${language}".`,
    );

  const frames: Frame[] = [];
  const writes: Promise<void>[] = [];
  const cdp = await context.newCDPSession(page);
  // Frames are timed on arrival, on the clock the scenes are timed on: the screencast's own timestamps drifted
  // seconds away from it over a recording, and the captions with them.
  cdp.on("Page.screencastFrame", ({ data, sessionId }) => {
    const file = path.join(framesDir, `${String(frames.length).padStart(6, "0")}.jpg`);
    frames.push({ file, timestamp: Date.now() / 1000 });
    writes.push(writeFile(file, Buffer.from(data, "base64")));
    cdp.send("Page.screencastFrameAck", { sessionId }).catch(() => {});
  });
  await cdp.send("Page.startScreencast", {
    format: "jpeg",
    quality: 92,
    maxWidth: VIDEO_TUTORIAL_FORMAT.width,
    maxHeight: VIDEO_TUTORIAL_FORMAT.height,
  });
  await sleep(500);

  const scenes: SceneStart[] = [];
  const pointer = createPointer(page);
  /** One caption: it starts now, and lasts until the next, at least as long as reading it takes in this language. */
  const scene = async (id: VideoTutorialScene, action: () => Promise<void>) => {
    const at = Date.now() / 1000;
    scenes.push({ scene: id, at });
    console.log(`  ${id}`);
    await action();
    const readingSeconds = captions[id].length / CAPTION_CHARACTERS_PER_SECOND;
    const left = Math.max(at + readingSeconds + 0.5 - Date.now() / 1000, MIN_SECONDS_AFTER_STEP);
    await sleep(left * 1000);
  };
  try {
    await playScenes(page, server, language, scene, pointer);
  } catch (error) {
    // What the screen showed when a scene failed, as the browser tests keep it.
    const screenshot = path.join(repoRoot, "test-results", `docs-video-failure.${language}.png`);
    await mkdir(path.dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot }).catch(() => {});
    console.error(`A scene failed; the screen is in ${path.relative(repoRoot, screenshot)}.`);
    throw error;
  }

  await sleep(SECONDS_AFTER_LAST_SCENE * 1000);
  const stoppedAt = Date.now() / 1000;
  await cdp.send("Page.stopScreencast");
  await Promise.all(writes);
  const played = scenes.map((start) => start.scene);
  if (played.join() !== VIDEO_TUTORIAL_SCENES.join()) {
    fail(
      `The scenes played (${played.join(", ")}) are not those of video-tutorial.ts (${VIDEO_TUTORIAL_SCENES.join(", ")}).`,
    );
  }
  return { frames, scenes, stoppedAt };
}

type Pointer = ReturnType<typeof createPointer>;

/**
 * The tutorial itself: one call of `scene` per caption, in the order of VIDEO_TUTORIAL_SCENES. What it clicks
 * and waits for is found by its text in the recording's language (`t`), as a reader would find it.
 */
async function playScenes(
  page: Page,
  server: Server,
  language: Language,
  scene: (id: VideoTutorialScene, action: () => Promise<void>) => Promise<void>,
  { clickOn, pointAt, typeInto, dragOnto }: Pointer,
) {
  const t = createTranslate(language);
  const typed = TYPED_TEXTS[language];
  const accountMenu = page.getByRole("button", { name: startOf(t("shell:account.menuLabel")) });
  const openFromAccountMenu = async (item: string) => {
    await clickOn(accountMenu);
    await sleep(600);
    await clickOn(page.getByRole("menuitem", { name: item }));
  };
  const savedStatus = page.getByRole("status").filter({ hasText: t("profile:panel.saved") });

  await scene("register", async () => {
    await sleep(1500);
    await typeInto(page.getByLabel(t("auth:fields.email"), { exact: true }), PERSON.email);
    await typeInto(page.getByLabel(t("auth:fields.password"), { exact: true }), PERSON.password);
    await typeInto(page.getByLabel(t("auth:fields.firstName")), PERSON.firstName);
    await typeInto(page.getByLabel(t("auth:fields.lastName")), PERSON.lastName);
  });
  await scene("registerSubmit", async () => {
    await clickOn(page.getByRole("checkbox", { name: withoutTags(t("auth:register.terms")) }));
    await sleep(600);
    await clickOn(page.getByRole("button", { name: t("auth:register.submit") }));
    await waitVisible(page.getByRole("heading", { name: t("auth:registrationSuccess.title") }));
  });
  await scene("registered", async () => {
    // The success screen counts down, then opens the subscription page by itself.
    await page.waitForURL("**/subscription", { timeout: 20_000 });
  });
  const banner = page.getByRole("region", { name: t("verification:banner.label") });
  await scene("verifyBanner", async () => {
    await waitVisible(banner);
    await sleep(800);
    await pointAt(page.getByText(t("subscription:access.unverified")));
  });
  await scene("verifyCode", async () => {
    const code = await waitForVerificationCode(server.inbox, PERSON.email);
    await clickOn(banner.getByRole("button", { name: t("verification:banner.enterCode") }));
    const dialog = page.getByRole("dialog", { name: t("verification:modal.title") });
    await waitVisible(dialog);
    await sleep(700);
    await dialog.getByLabel(t("verification:codeForm.label")).pressSequentially(code, { delay: 140 });
    await sleep(500);
    await clickOn(dialog.getByRole("button", { name: t("verification:codeForm.submit") }));
    await waitGone(dialog);
  });
  await scene("trialStarted", async () => {
    const trial = page.getByText(startOf(t("subscription:access.trial")));
    await waitVisible(trial);
    await pointAt(trial);
  });
  const organization = page.getByLabel(t("profile:user.fields.organization"));
  await scene("profile", async () => {
    await openFromAccountMenu(t("shell:account.profile"));
    await waitVisible(organization);
    await sleep(800);
    await typeInto(organization, PERSON.organization);
    await typeInto(page.getByLabel(t("profile:user.fields.areaOfLaw"), { exact: true }), typed.areaOfLaw);
    for (const topic of ["Labour and Employment", "Arbitration"])
      await clickOn(page.getByRole("checkbox", { name: t(`profile:topics.${topic}`), exact: true }));
  });
  await scene("profileSave", async () => {
    await clickOn(page.getByRole("button", { name: t("profile:panel.save") }));
    await waitVisible(savedStatus);
  });
  const tree = page.locator(".memo-tree");
  await scene("memoSettings", async () => {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "smooth" }));
    await sleep(800);
    await clickOn(page.getByRole("tab", { name: t("profile:tabs.memo") }));
    await waitVisible(tree);
    await sleep(1000);
    await pointAt(page.getByTestId("memo-preview-heading"));
  });
  const row = (option: string) =>
    page.locator(".memo-option-rows").getByRole("radiogroup", { name: t(`profile:memo.rows.${option}`), exact: true });
  await scene("memoOptions", async () => {
    for (const [option, value] of [
      ["memoSummary", "Short"],
      ["memoFactsPresentation", "Paragraph"],
      ["memoTone", "Client"],
    ] as const) {
      await clickOn(row(option).getByText(t(`profile:memo.values.${option}.${value}`), { exact: true }));
      await sleep(1300);
    }
  });
  const treeNode = (section: string) =>
    page.locator('.memo-tree [role="treeitem"]').filter({
      has: page.locator(".memo-tree-name", { hasText: t(`profile:memo.sections.titles.${section}`) }),
    });
  await scene("memoTree", async () => {
    await dragOnto(treeNode("summary").locator(".memo-tree-name"), treeNode("arguments").locator(".memo-tree-name"));
    await sleep(1200);
    await clickOn(treeNode("judges").getByRole("checkbox"));
    await sleep(800);
  });
  await scene("memoSave", async () => {
    await clickOn(page.getByRole("button", { name: t("profile:panel.save") }));
    await waitVisible(savedStatus);
  });
  await scene("subscription", async () => {
    await openFromAccountMenu(t("shell:account.subscription"));
    await waitVisible(page.getByRole("heading", { name: t("subscription:features.heading") }));
    await sleep(1500);
    await pointAt(page.locator("stripe-pricing-table"));
  });
  await scene("end", async () => {
    await openFromAccountMenu(t("shell:account.documentation"));
    await waitVisible(page.getByRole("heading", { level: 1, name: t("docs:pages.overview.title") }));
    // A link of the overview's feature cards: the subscription page's list of features has the same name and
    // stays until the documentation has loaded, so the list alone let the French video end on a spinner.
    await waitVisible(
      page
        .getByRole("list", { name: t("docs:features.label") })
        .getByRole("link", { name: t("docs:features.install.heading"), exact: true }),
    );
  });
}

/**
 * Mouse moves that a viewer can follow (the pointer drawn by `drawPointer` goes along): a short eased glide to
 * the middle of the target, scrolled smoothly into view first when it is near an edge.
 */
function createPointer(page: Page) {
  let position = { x: VIDEO_TUTORIAL_FORMAT.width / 2, y: VIDEO_TUTORIAL_FORMAT.height / 2 };
  const glideTo = async (x: number, y: number) => {
    const from = position;
    const distance = Math.hypot(x - from.x, y - from.y);
    const steps = Math.max(8, Math.min(30, Math.round(distance / 25)));
    for (let step = 1; step <= steps; step += 1) {
      const progress = step / steps;
      const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
      await page.mouse.move(from.x + (x - from.x) * eased, from.y + (y - from.y) * eased);
      await sleep(16);
    }
    position = { x, y };
  };
  const centreOf = async (target: Locator) => {
    await target.waitFor({ state: "visible" });
    const hasScrolled = await target.evaluate((element) => {
      const { top, bottom } = element.getBoundingClientRect();
      const isHidden = top < 90 || bottom > window.innerHeight - 90;
      if (isHidden) element.scrollIntoView({ block: "center", behavior: "smooth" });
      return isHidden;
    });
    if (hasScrolled) await sleep(800);
    const box = await target.boundingBox();
    if (!box) throw new Error("the target is not laid out");
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const pointAt = async (target: Locator) => {
    const { x, y } = await centreOf(target);
    await glideTo(x, y);
    await sleep(300);
  };
  const clickOn = async (target: Locator) => {
    await pointAt(target);
    await page.mouse.down();
    await sleep(80);
    await page.mouse.up();
    await sleep(400);
  };
  const typeInto = async (target: Locator, text: string) => {
    await clickOn(target);
    await target.pressSequentially(text, { delay: 55 });
    await sleep(300);
  };
  /** A native drag (rc-tree listens to HTML5 drag events) onto the lower half of a tree node. */
  const dragOnto = async (source: Locator, target: Locator) => {
    await pointAt(source);
    const to = await target.boundingBox();
    if (!to) throw new Error("the drop target is not laid out");
    await page.mouse.down();
    await glideTo(position.x + 2, position.y + 6);
    await glideTo(to.x + 12, to.y + to.height - 3);
    await sleep(400);
    await page.mouse.up();
  };
  return { pointAt, clickOn, typeInto, dragOnto };
}

/**
 * Runs in the page (init script): an arrow that follows the mouse, and a ring where a button goes down, on top
 * of everything and invisible to the page's own hit testing and accessibility tree.
 */
function drawPointer() {
  const storageKey = "docs-video.pointer";
  const install = () => {
    const pointer = document.createElement("div");
    pointer.setAttribute("aria-hidden", "true");
    pointer.innerHTML =
      '<svg width="26" height="26" viewBox="0 0 26 26"><path d="M3 2v19l5-4.6 3.4 7.5 3.2-1.4-3.3-7.4 6.7-.3z" fill="#141414" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/></svg>';
    Object.assign(pointer.style, {
      position: "fixed",
      left: "-3px",
      top: "-2px",
      zIndex: "2147483647",
      pointerEvents: "none",
    });
    const moveTo = (x: number, y: number) => {
      pointer.style.transform = `translate(${x}px, ${y}px)`;
      window.sessionStorage.setItem(storageKey, `${x},${y}`);
    };
    const [x = 640, y = 360] = (window.sessionStorage.getItem(storageKey) ?? "").split(",").map(Number);
    moveTo(x, y);
    document.documentElement.append(pointer);
    window.addEventListener("mousemove", (event) => moveTo(event.clientX, event.clientY), { capture: true });
    window.addEventListener(
      "mousedown",
      (event) => {
        const ring = document.createElement("div");
        ring.setAttribute("aria-hidden", "true");
        Object.assign(ring.style, {
          position: "fixed",
          left: `${event.clientX - 16}px`,
          top: `${event.clientY - 16}px`,
          width: "32px",
          height: "32px",
          borderRadius: "50%",
          border: "3px solid #e8590c",
          zIndex: "2147483646",
          pointerEvents: "none",
        });
        document.documentElement.append(ring);
        ring
          .animate(
            [
              { transform: "scale(0.4)", opacity: 1 },
              { transform: "scale(1.4)", opacity: 0 },
            ],
            {
              duration: 500,
              easing: "ease-out",
            },
          )
          .finished.then(() => ring.remove());
      },
      { capture: true },
    );
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", install);
  else install();
}

/**
 * Runs in the page in place of Stripe's pricing-table.js, which lives on the internet: a <stripe-pricing-table>
 * that draws where Stripe's plans appear, without inventing any plan or price, with a line in the video's language.
 */
function definePricingTableStandIn(caption: string) {
  class PricingTableStandIn extends HTMLElement {
    connectedCallback() {
      const root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
      root.innerHTML = `<style>
        :host { display: block; }
        .box { display: grid; gap: 12px; padding: 24px; border: 2px dashed #b8c7e0; border-radius: 12px; color: #3d4a5c;
          font: 15px/1.5 system-ui, sans-serif; text-align: center; }
        .logo { font-weight: 700; font-size: 20px; color: #533afd; }
      </style>
      <div class="box"><span class="logo">stripe</span><span></span></div>`;
      const line = root.querySelector(".box span:last-child");
      if (line) line.textContent = caption;
    }
  }
  if (!customElements.get("stripe-pricing-table")) customElements.define("stripe-pricing-table", PricingTableStandIn);
}

/**
 * A function of this file as a script for the page, called with `argument` (as JSON). tsx keeps the names of
 * functions by wrapping them in a `__name` helper that exists only here, so the page gets one that does nothing.
 */
function toPageScript<Argument>(run: (argument: Argument) => void, argument?: Argument) {
  return `(() => { const __name = (target) => target; (${run.toString()})(${JSON.stringify(argument ?? null)}); })();`;
}

/** As the browser tests wait (e2e/support/browser.ts): the app has taken the prerendered page over and its forms are enabled. */
async function waitForAppStart(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '#root[data-prerendered-lang], #root form[aria-busy="true"], #root [role="group"][aria-busy="true"]',
      ),
  );
}

async function waitVisible(locator: Locator) {
  await locator.first().waitFor({ state: "visible", timeout: 20_000 });
}

async function waitGone(locator: Locator) {
  await locator.waitFor({ state: "detached", timeout: 20_000 });
}

/**
 * The code of the newest email to `email` that has one (alone on its line of the text part, see
 * e2e/support/accounts.ts): found by its code rather than its subject, which is in the person's language.
 */
async function waitForVerificationCode(inbox: ReceivedMail[], email: string) {
  const codeOf = (mail: ReceivedMail) => /^([A-HJ-NP-Z2-9]{6,})$/m.exec(mail.text)?.[1];
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mail = inbox.findLast((candidate) => candidate.to === email && codeOf(candidate) !== undefined);
    const code = mail && codeOf(mail);
    if (code) return code;
    await sleep(200);
  }
  return fail(`No verification email to ${email} within 20 s.`);
}

/**
 * Every frame lasts until the next one was painted (the last until the recording stopped), resampled to a
 * constant frame rate and encoded as VP9: row-based threads on the two cores, no audio. Speed 4 rather than 2:
 * two recordings on shared cores took half an hour at 2, and flat screens of text lose nothing visible.
 */
async function encode(frames: Frame[], stoppedAt: number, listPath: string, videoPath: string) {
  const lines = ["ffconcat version 1.0"];
  frames.forEach((frame, index) => {
    const next = frames[index + 1]?.timestamp ?? stoppedAt;
    lines.push(`file '${frame.file}'`, `duration ${Math.max(next - frame.timestamp, 0.001).toFixed(6)}`);
  });
  // The concat demuxer ignores the last entry's duration unless the file is listed once more.
  const last = frames.at(-1);
  if (last) lines.push(`file '${last.file}'`);
  await writeFile(listPath, `${lines.join("\n")}\n`);
  runFfmpeg([
    ["-f", "concat", "-safe", "0", "-i", listPath],
    ["-vf", `fps=${FRAME_RATE},format=yuv420p`],
    ["-c:v", "libvpx-vp9", ...VP9_QUALITY, "-deadline", "good", "-cpu-used", "4", "-row-mt", "1", "-threads", "2"],
    ["-g", String(FRAME_RATE * 5), "-an", videoPath],
  ]);
}

async function extractPoster(videoPath: string, atSeconds: number, posterPath: string) {
  runFfmpeg([["-ss", atSeconds.toFixed(2), "-i", videoPath, "-frames:v", "1", "-q:v", "3", posterPath]]);
}

function runFfmpeg(argumentGroups: string[][]) {
  const result = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...argumentGroups.flat()], {
    stdio: "inherit",
  });
  if (result.status !== 0) fail(`ffmpeg failed with code ${result.status}.`);
}

/** WebVTT captions: each scene's text from its start until the next scene's (the last one's until the end). */
function buildWebVtt(
  scenes: SceneStart[],
  startedAt: number,
  stoppedAt: number,
  texts: Record<VideoTutorialScene, string>,
) {
  const cues = scenes.map((start, index) => {
    const from = Math.max(start.at - startedAt, 0);
    const to = (scenes[index + 1]?.at ?? stoppedAt) - startedAt;
    return `${index + 1}\n${formatVttTime(from)} --> ${formatVttTime(to)}\n${texts[start.scene]}`;
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

function formatVttTime(seconds: number) {
  const milliseconds = Math.round(seconds * 1000);
  const pad = (value: number, length = 2) => String(value).padStart(length, "0");
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor(milliseconds / 60_000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(Math.floor(milliseconds / 1000) % 60)}.${pad(milliseconds % 1000, 3)}`;
}

main().catch((error: unknown) => {
  console.error(error instanceof StopError ? error.message : error);
  process.exitCode = 1;
});
