import { describe, it } from "vitest";
import { signUpInContext } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";

const { openPage } = useBrowser();

describe("shots", () => {
  it("register terms error", async () => {
    for (const [language, width] of [["en", 1280], ["fr", 390]] as const) {
      const page = await openPage({ language, width });
      await page.goto("/register");
      await page.locator("button[type=submit]").waitFor();
      await page.locator("button[type=submit]").click();
      await page.waitForTimeout(800);
      const form = page.locator("form").first();
      await form.screenshot({ path: `/tmp/shot-register-${language}-${width}.png` });
    }
  });
  it("video document", async () => {
    const page = await openPage({ width: 1280 });
    await page.goto("/video-document");
    await page.locator("video").waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: "/tmp/shot-video.png" });
  });
  it("profile topics fr", async () => {
    const page = await openPage({ language: "fr", width: 1280 });
    await signUpInContext(page.context(), { firstName: "ada", lastName: "lovelace" });
    await page.goto("/profile/UserSettings");
    await page.locator(".profile-topic-columns").waitFor();
    await page.waitForTimeout(500);
    await page.locator(".profile-topics").screenshot({ path: "/tmp/shot-topics-fr.png" });
  });
});
