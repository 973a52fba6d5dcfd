// Browser tests drive Debian's Chromium (tests cannot download a browser here). This finds it,
// installs it where that is possible (root with apt-get), or stops with one line saying what to do.
// Debian's chromium package speaks only English: its other interface languages are in chromium-l10n. The
// reference extension's popup takes its texts from Chrome's interface language (chrome.i18n), so its French
// browser test needs the French pack; without it Chrome falls back to English whatever the environment asks.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const isDebianChromium = !process.env.CHROME_PATH;
const frenchPack = "/usr/lib/chromium/locales/fr.pak";
const canInstall = () => process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");

const missing = [
  ...(existsSync(chromePath) ? [] : ["chromium"]),
  ...(isDebianChromium && !existsSync(frenchPack) ? ["chromium-l10n"] : []),
];
if (missing.length > 0 && isDebianChromium && canInstall()) {
  console.log(`Installing Debian's ${missing.join(" and ")}…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, {
    stdio: "inherit",
  });
}
if (!existsSync(chromePath)) {
  console.error(
    `Chromium not found at ${chromePath}: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
  );
  process.exit(1);
}
if (isDebianChromium && !existsSync(frenchPack)) {
  console.error(
    `Chromium has no French interface (${frenchPack}): the extension's French browser test needs it (Debian: sudo apt-get install chromium-l10n).`,
  );
  process.exit(1);
}
