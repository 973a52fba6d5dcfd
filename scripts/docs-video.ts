/**
 * `npm run docs:video`: records the video tutorial that /video-document embeds, with its English and French
 * captions and its poster, from the real screens of the built app.
 *
 * When to run it: after a change to a screen the video shows (registration, the verification banner and its
 * dialog, User settings, Memo settings with its tree and live preview, the subscription page, the account
 * menu), or to a caption (`video.scenes.*` in apps/web/src/i18n/{en,fr}/docs.json: the captions and the page's
 * transcript are those texts). The captions are timed to this recording, so record again rather than edit the
 * .vtt files by hand.
 *
 * How: `npm run build && npm run docs:video` (about four minutes on two cores: two to record, two to encode), then watch
 * apps/web/public/video/precis-tutorial.webm with its captions, and commit the folder (the video must stay
 * under 10 MB: the script says its size). It writes committed files and its timings vary from run to run, so
 * it is never part of `npm test` or CI.
 *
 * What it does: it starts the real server like the browser tests do (e2e/support/global-setup.ts: the built
 * app, PGlite in a temporary DATA_DIR, a free loopback port, a local SMTP server whose messages it reads for the
 * verification code), drives Debian's Chromium at 1280×720 through the scenes of
 * apps/web/src/features/docs/content/video-tutorial.ts, and keeps the frames of the DevTools protocol's
 * screencast (Playwright's own video recorder needs its own ffmpeg build, which cannot be downloaded here).
 * Each frame lasts until the next one arrives, and Debian's ffmpeg encodes them as VP9 WebM at 25 frames per
 * second. A drawn pointer shows where each click lands (a screencast has no mouse pointer), and each scene
 * lasts long enough to read its caption in either language. Nothing leaves the machine: requests to other
 * sites are refused, and Stripe's pricing table, which comes from js.stripe.com, is drawn by a local stand-in.
 * Chromium and ffmpeg come from Debian: as root the script installs what is missing with apt-get, otherwise
 * it stops with one line saying what to install.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Locator, type Page } from "playwright-core";
import { compiledServerEntry } from "../apps/server/test/compiled-server.ts";
import { findFreePort } from "../apps/server/test/free-ports.ts";
import { type ReceivedMail, startSmtpServer } from "../apps/server/test/smtp.ts";
import {
  getVideoTutorialCaptionsPath,
  VIDEO_TUTORIAL,
  VIDEO_TUTORIAL_SCENES,
  type VideoTutorialScene,
} from "../apps/web/src/features/docs/content/video-tutorial.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const publicDir = path.join(repoRoot, "apps/web/public");
const languages = ["en", "fr"] as const;
type Language = (typeof languages)[number];

const FRAME_RATE = 25;
/** Keeps the video well under the 10 MB budget: screens are flat colour and text, which VP9 keeps sharp at this quality. */
const VP9_QUALITY = ["-crf", "36", "-b:v", "0"];
/** Reading speed the scenes are paced for: a caption stays at least this many characters per second on screen. */
const CAPTION_CHARACTERS_PER_SECOND = 15;
const MAX_VIDEO_BYTES = 10 * 1024 * 1024;
/** Flags that keep Chromium off the closed network (DESIGN.md), as the browser tests launch it. */
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

/** The person of the video (example.ca is a documentation domain; the mail goes to the local SMTP server anyway). */
const PERSON = {
  email: "marie.tremblay@example.ca",
  password: "Tribunal2024x",
  firstName: "Marie",
  lastName: "Tremblay",
  organization: "Tremblay Avocats",
  areaOfLaw: "Labour law",
};

type Frame = { file: string; timestamp: number };
type SceneStart = { scene: VideoTutorialScene; at: number };

async function main() {
  ensureTools();
  if (!existsSync(path.join(repoRoot, "apps/web/dist/index.html")) || !existsSync(compiledServerEntry))
    fail("The app is not built: run `npm run build` first.");
  const captions = readCaptions();
  const workDir = await mkdtemp(path.join(tmpdir(), "precis-docs-video-"));
  const stops: (() => Promise<unknown>)[] = [() => rm(workDir, { recursive: true, force: true })];
  try {
    const server = await startServer(workDir, stops);
    const framesDir = path.join(workDir, "frames");
    await mkdir(framesDir);
    const { frames, scenes, stoppedAt } = await record(server, framesDir, captions, stops);
    const outDir = path.join(publicDir, path.dirname(VIDEO_TUTORIAL.src));
    await mkdir(outDir, { recursive: true });
    const videoPath = path.join(publicDir, VIDEO_TUTORIAL.src);
    const startedAt = frames[0]?.timestamp ?? 0;
    console.log(`Encoding ${frames.length} frames (${(stoppedAt - startedAt).toFixed(1)} s)…`);
    await encode(frames, stoppedAt, path.join(workDir, "frames.txt"), videoPath);
    const posterScene = scenes.find((start) => start.scene === "memoOptions");
    await extractPoster(
      videoPath,
      (posterScene?.at ?? startedAt) - startedAt + 4,
      path.join(publicDir, VIDEO_TUTORIAL.poster),
    );
    for (const language of languages) {
      const vtt = buildWebVtt(scenes, startedAt, stoppedAt, captions[language]);
      await writeFile(path.join(publicDir, getVideoTutorialCaptionsPath(language)), vtt);
    }
    const { size } = await stat(videoPath);
    console.log(
      `Wrote ${path.relative(repoRoot, videoPath)}: ${(size / 1024 / 1024).toFixed(2)} MB, ${(stoppedAt - startedAt).toFixed(1)} s, with its poster and captions (${languages.join(", ")}).`,
    );
    if (size > MAX_VIDEO_BYTES)
      fail(`The video is over ${MAX_VIDEO_BYTES / 1024 / 1024} MB: shorten it or raise the CRF.`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  }
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
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) fail(`The server exited with code ${server.exitCode}.`);
    const isUp = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await sleep(200);
  }
  fail("The server did not become healthy within 60 s.");
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
type Captions = Record<Language, Record<VideoTutorialScene, string>>;

/** Plays the scenes in Chromium while the screencast keeps every frame it paints; returns the frames and when each scene began. */
async function record(server: Server, framesDir: string, captions: Captions, stops: (() => Promise<unknown>)[]) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
  stops.push(() => browser.close());
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: VIDEO_TUTORIAL.width, height: VIDEO_TUTORIAL.height },
    deviceScaleFactor: 1,
    locale: "en-CA",
    reducedMotion: "no-preference",
  });
  await context.addInitScript(() => window.localStorage.setItem("precis.lang", "en"));
  await context.addInitScript({ content: toPageScript(drawPointer) });
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (`${url.origin}${url.pathname}` === PRICING_TABLE_SCRIPT) {
      return route.fulfill({ contentType: "text/javascript", body: toPageScript(definePricingTableStandIn) });
    }
    return url.hostname === "127.0.0.1" ? route.fallback() : route.abort();
  });
  const page = await context.newPage();
  await page.goto("/register");
  await waitForAppStart(page);

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
    maxWidth: VIDEO_TUTORIAL.width,
    maxHeight: VIDEO_TUTORIAL.height,
  });
  await sleep(500);

  const scenes: SceneStart[] = [];
  const pointer = createPointer(page);
  /** One caption: it starts now, and lasts until the next, at least as long as reading it takes. */
  const scene = async (id: VideoTutorialScene, action: () => Promise<void>) => {
    const at = Date.now() / 1000;
    scenes.push({ scene: id, at });
    console.log(`  ${id}`);
    await action();
    const readingSeconds =
      Math.max(...languages.map((language) => captions[language][id].length)) / CAPTION_CHARACTERS_PER_SECOND;
    const left = at + readingSeconds + 0.5 - Date.now() / 1000;
    if (left > 0) await sleep(left * 1000);
  };
  try {
    await playScenes(page, server, scene, pointer);
  } catch (error) {
    // What the screen showed when a scene failed, as the browser tests keep it.
    const screenshot = path.join(repoRoot, "test-results", "docs-video-failure.png");
    await mkdir(path.dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot }).catch(() => {});
    console.error(`A scene failed; the screen is in ${path.relative(repoRoot, screenshot)}.`);
    throw error;
  }

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

/** The tutorial itself: one call of `scene` per caption, in the order of VIDEO_TUTORIAL_SCENES. */
async function playScenes(
  page: Page,
  server: Server,
  scene: (id: VideoTutorialScene, action: () => Promise<void>) => Promise<void>,
  { clickOn, pointAt, typeInto, dragOnto }: Pointer,
) {
  const accountMenu = page.getByRole("button", { name: /^Account menu for / });
  const openFromAccountMenu = async (item: string) => {
    await clickOn(accountMenu);
    await sleep(600);
    await clickOn(page.getByRole("menuitem", { name: item }));
  };
  const savedStatus = page.getByRole("status").filter({ hasText: "Changes Saved" });

  await scene("register", async () => {
    await sleep(1500);
    await typeInto(page.getByLabel("Email", { exact: true }), PERSON.email);
    await typeInto(page.getByLabel("Password", { exact: true }), PERSON.password);
    await typeInto(page.getByLabel("First Name"), PERSON.firstName);
    await typeInto(page.getByLabel("Last Name"), PERSON.lastName);
  });
  await scene("registerSubmit", async () => {
    await clickOn(page.getByRole("checkbox", { name: "I agree to the terms and conditions" }));
    await sleep(600);
    await clickOn(page.getByRole("button", { name: "Register" }));
    await waitVisible(page.getByRole("heading", { name: "Successful User Registration" }));
  });
  await scene("registered", async () => {
    // The success screen counts down, then opens the subscription page by itself.
    await page.waitForURL("**/subscription", { timeout: 20_000 });
  });
  const banner = page.getByRole("region", { name: "Email verification" });
  await scene("verifyBanner", async () => {
    await waitVisible(banner);
    await sleep(800);
    await pointAt(page.getByText("Verify your email address to start your 30-day free trial."));
  });
  await scene("verifyCode", async () => {
    const code = await waitForVerificationCode(server.inbox, PERSON.email);
    await clickOn(banner.getByRole("button", { name: "Enter code" }));
    const dialog = page.getByRole("dialog", { name: "Enter your verification code" });
    await waitVisible(dialog);
    await sleep(700);
    await dialog.getByLabel("Verification code").pressSequentially(code, { delay: 140 });
    await sleep(500);
    await clickOn(dialog.getByRole("button", { name: "Verify" }));
    await waitGone(dialog);
  });
  await scene("trialStarted", async () => {
    const trial = page.getByText(/^You are on the 30-day free trial, until /);
    await waitVisible(trial);
    await pointAt(trial);
  });
  await scene("profile", async () => {
    await openFromAccountMenu("Profile");
    await waitVisible(page.getByLabel("Organization"));
    await sleep(800);
    await typeInto(page.getByLabel("Organization"), PERSON.organization);
    await typeInto(page.getByLabel("Area of Law", { exact: true }), PERSON.areaOfLaw);
    await clickOn(page.getByRole("checkbox", { name: "Labour and Employment", exact: true }));
    await clickOn(page.getByRole("checkbox", { name: "Arbitration", exact: true }));
  });
  await scene("profileSave", async () => {
    await clickOn(page.getByRole("button", { name: "Save" }));
    await waitVisible(savedStatus);
  });
  const tree = page.locator(".memo-tree");
  await scene("memoSettings", async () => {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "smooth" }));
    await sleep(800);
    await clickOn(page.getByRole("tab", { name: "Memo settings" }));
    await waitVisible(tree);
    await sleep(1000);
    await pointAt(page.getByTestId("memo-preview-heading"));
  });
  const row = (name: string) => page.locator(".memo-option-rows").getByRole("radiogroup", { name, exact: true });
  await scene("memoOptions", async () => {
    for (const [name, value] of [
      ["Summary", "Short"],
      ["Facts Presentation", "Paragraph"],
      ["Tone", "Client"],
    ] as const) {
      await clickOn(row(name).getByText(value, { exact: true }));
      await sleep(1300);
    }
  });
  const treeNode = (name: string) =>
    page.locator('.memo-tree [role="treeitem"]').filter({ has: page.locator(".memo-tree-name", { hasText: name }) });
  await scene("memoTree", async () => {
    await dragOnto(treeNode("Summary").locator(".memo-tree-name"), treeNode("Arguments").locator(".memo-tree-name"));
    await sleep(1200);
    await clickOn(treeNode("Judges").getByRole("checkbox"));
    await sleep(800);
  });
  await scene("memoSave", async () => {
    await clickOn(page.getByRole("button", { name: "Save" }));
    await waitVisible(savedStatus);
  });
  await scene("subscription", async () => {
    await openFromAccountMenu("Subscription");
    await waitVisible(page.getByRole("heading", { name: "Features" }));
    await sleep(1500);
    await pointAt(page.locator("stripe-pricing-table"));
  });
  await scene("end", async () => {
    await openFromAccountMenu("Documentation");
    await waitVisible(page.getByRole("heading", { level: 1, name: "Overview" }));
    await waitVisible(page.getByRole("list", { name: "Features" }));
  });
}

/**
 * Mouse moves that a viewer can follow (the pointer drawn by `drawPointer` goes along): a short eased glide to
 * the middle of the target, scrolled smoothly into view first when it is near an edge.
 */
function createPointer(page: Page) {
  let position = { x: VIDEO_TUTORIAL.width / 2, y: VIDEO_TUTORIAL.height / 2 };
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
 * that draws where Stripe's plans appear, without inventing any plan or price.
 */
function definePricingTableStandIn() {
  class PricingTableStandIn extends HTMLElement {
    connectedCallback() {
      const root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
      root.innerHTML = `<style>
        :host { display: block; }
        .box { display: grid; gap: 12px; padding: 24px; border: 2px dashed #b8c7e0; border-radius: 12px; color: #3d4a5c;
          font: 15px/1.5 system-ui, sans-serif; text-align: center; }
        .logo { font-weight: 700; font-size: 20px; color: #533afd; }
      </style>
      <div class="box"><span class="logo">stripe</span><span>Plans and prices, with secure payment by Stripe</span></div>`;
    }
  }
  if (!customElements.get("stripe-pricing-table")) customElements.define("stripe-pricing-table", PricingTableStandIn);
}

/**
 * A function of this file as a script for the page. tsx keeps the names of functions by wrapping them in a
 * `__name` helper that exists only here, so the page gets one that does nothing.
 */
function toPageScript(run: () => void) {
  return `(() => { const __name = (target) => target; (${run.toString()})(); })();`;
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

/** The code of the newest verification email to `email` (alone on its line of the text part, see e2e/support/accounts.ts). */
async function waitForVerificationCode(inbox: ReceivedMail[], email: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mail = inbox.findLast((candidate) => candidate.to === email && /verif|Confirm/i.test(candidate.subject));
    const code = mail && /^([A-HJ-NP-Z2-9]{6,})$/m.exec(mail.text)?.[1];
    if (code) return code;
    await sleep(200);
  }
  return fail(`No verification email to ${email} within 20 s.`);
}

/**
 * Every frame lasts until the next one was painted (the last until the recording stopped), resampled to a
 * constant frame rate and encoded as VP9: row-based threads on the two cores, no audio.
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
    ["-c:v", "libvpx-vp9", ...VP9_QUALITY, "-deadline", "good", "-cpu-used", "2", "-row-mt", "1", "-threads", "2"],
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
