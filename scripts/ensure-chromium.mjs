// Browser tests drive Debian's Chromium (tests cannot download a browser here). This finds it,
// installs it where that is possible (root with apt-get), or stops with one line saying what to do.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const hasAptGet = () => existsSync("/usr/bin/apt-get");

if (!existsSync(chromePath)) {
  if (!process.env.CHROME_PATH && process.getuid?.() === 0 && hasAptGet()) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
      stdio: "inherit",
    });
  }
  if (!existsSync(chromePath)) {
    console.error(
      `Chromium not found at ${chromePath}: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
    );
    process.exit(1);
  }
}
