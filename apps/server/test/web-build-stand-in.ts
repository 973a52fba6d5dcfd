import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The smallest web build a server counts as ready to serve (decision 027): an index.html with its config slot and
 * a dist-ssr/server-render.js with the real one's signature. `ssrSource` replaces the bundle, e.g. with one whose
 * import throws.
 */
export async function createWebBuildStandIn(options: { ssrSource?: string } = {}) {
  const root = await mkdtemp(path.join(tmpdir(), "precis-web-build-"));
  const distDir = path.join(root, "dist");
  const ssrDir = path.join(root, "dist-ssr");
  await mkdir(distDir);
  await mkdir(ssrDir);
  await writeFile(
    path.join(distDir, "index.html"),
    '<!doctype html><html lang="en"><head><title>x</title><script type="application/json" id="precis-config"></script>' +
      '</head><body><div id="root"></div></body></html>',
  );
  await writeFile(
    path.join(ssrDir, "server-render.js"),
    options.ssrSource ??
      `export async function renderPage(url, language) {
        return { head: "", body: "<main>" + language + " " + new URL(url).pathname + "</main>" };
      }`,
  );
  return {
    env: { WEB_DIST_DIR: distDir, WEB_SSR_DIR: ssrDir },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
