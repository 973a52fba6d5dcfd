import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { failureDir } from "./browser.ts";

/**
 * Keeps a full-page picture of a firm screen under test-results/firm-screens/, named by screen, language and width,
 * so that each walk leaves the screens a person would see, to be looked at beside the test's verdict.
 */
export async function keepFirmScreen(page: Page, name: string) {
  const folder = path.join(failureDir, "firm-screens");
  await mkdir(folder, { recursive: true });
  const language = await page.evaluate(() => document.documentElement.lang);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(folder, `${name}-${language}-${width}.png`), fullPage: true });
}

/** The path and query of the invitation link in an email's text: the join screen, on the suite's own server. */
export function invitationPathIn(text: string): string {
  const link = /(https?:\/\/\S+\/firm\/join\?token=[\w%-]+)/.exec(text)?.[1];
  if (!link) throw new Error(`no invitation link in: ${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
