import { readFileSync } from "node:fs";
import path from "node:path";

/*
 * A render-blocking stylesheet costs a round trip before the first paint, and on a phone it shares the
 * connection with the app's scripts, which start downloading at the same moment (Lighthouse measured
 * 200-370 ms of first paint lost to two 3 kB files). The build's own stylesheets are a few kB each and
 * hold no url() to resolve against their folder, so the page carries them inline instead.
 */

/**
 * A url() other than a data: URI would resolve against the page instead of the stylesheet's folder once
 * inline; "</style" would end the element early.
 */
const LOCATION_DEPENDENT_OR_UNSAFE = /url\((?!\s*["']?data:)|<\/style/i;

/** `<style>` with the build file's text for `href`; `link` itself when the file cannot be inlined safely. */
export type StylesheetInliner = (href: string, link: string) => string;

export function createStylesheetInliner(webDistDir: string): StylesheetInliner {
  const styles = new Map<string, string>();
  const assetsDir = path.join(webDistDir, "assets");
  return (href: string, link: string): string => {
    let style = styles.get(href);
    if (style === undefined) {
      style = link;
      const file = path.join(webDistDir, href);
      if (href.startsWith("/assets/") && path.dirname(file) === assetsDir) {
        try {
          const css = readFileSync(file, "utf8");
          if (!LOCATION_DEPENDENT_OR_UNSAFE.test(css)) style = `<style>${css}</style>`;
        } catch {
          // A missing file stays a link: the browser's 404 is the same as without inlining.
        }
      }
      styles.set(href, style);
    }
    return style;
  };
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g;

/** index.html with each of the build's stylesheet links replaced by the stylesheet itself. */
export function inlineStylesheetLinks(html: string, inline: StylesheetInliner) {
  return html.replace(STYLESHEET_LINK, (link, href: string) => inline(href, link));
}
