import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { extensionIdFromPublicKey } from "./scripts/extension-id.ts";
import { buildManifest, EXTENSION_PUBLIC_KEY } from "./src/manifest.ts";
import { portalMatchPatterns } from "./src/portal-origins.ts";

const sourceDir = fileURLToPath(new URL("./src", import.meta.url));
const patterns = portalMatchPatterns(process.env.PRECIS_PORTAL_ORIGIN);

/** Writes manifest.json beside the bundles, from the same pattern list the service worker checks senders with. */
function manifestPlugin(): Plugin {
  return {
    name: "precis-extension-manifest",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "manifest.json",
        source: `${JSON.stringify(buildManifest(patterns), null, 2)}\n`,
      });
    },
    closeBundle() {
      console.log(
        `Precis extension built in apps/extension/dist, id ${extensionIdFromPublicKey(EXTENSION_PUBLIC_KEY)}`,
      );
    },
  };
}

/**
 * The unpacked extension in dist/: the service worker (an ES module, as the manifest declares), the popup, the
 * manifest and _locales (from public/). File names carry no hash: the manifest names them.
 */
export default defineConfig({
  root: sourceDir,
  base: "./",
  publicDir: fileURLToPath(new URL("./public", import.meta.url)),
  define: { PORTAL_MATCH_PATTERNS: JSON.stringify(patterns) },
  plugins: [manifestPlugin()],
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    // Readable code for the extension team, and a store review reads it too; it is small either way.
    minify: false,
    // The preload polyfill would inject code the popup does not need; extension pages load modules directly.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { "service-worker": `${sourceDir}/service-worker.ts`, popup: `${sourceDir}/popup.html` },
      output: {
        entryFileNames: "[name].js",
        chunkFileNames: "chunks/[name].js",
        assetFileNames: "[name][extname]",
      },
    },
  },
});
