import antdStylesheetUrl from "virtual:antd-stylesheet";

/**
 * Whether antd's components take their styles from the build's stylesheet (the browser's production
 * build) instead of generating them as they render (development, and the prerender, which sends the
 * page's own styles inline). See app/build/antd-stylesheet-plugin.ts and decision 033.
 */
export const antdStylesAreBuilt = antdStylesheetUrl !== null;

/**
 * Adds antd's stylesheet to the page and settles once it has loaded (or failed to: a page prerendered by
 * the server already has its first screen's styles inline, and an app that never starts would be worse).
 * Added by the script, it holds back no paint. It goes first in <head>: the server's inline copies of
 * the same rules and the app's own stylesheet come after it, so the app's rules win as before.
 */
export function loadAntdStylesheet(): Promise<void> {
  if (antdStylesheetUrl === null) return Promise.resolve();
  const href = antdStylesheetUrl;
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => {
      console.error(`antd's stylesheet ${href} did not load`);
      resolve();
    });
    document.head.prepend(link);
  });
}
