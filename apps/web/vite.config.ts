import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { antdStylesheetPlugin } from "./src/app/build/antd-stylesheet-plugin.ts";
import {
  AUTOMATIC_SPLIT_PASS,
  automaticSplit,
  firstScreenGroups,
  firstScreenModules,
} from "./src/app/build/first-screen-chunks.ts";
import { formItemImportsPlugin } from "./src/app/build/form-item-imports-plugin.ts";
import { pagePreloadsPlugin } from "./src/app/build/page-preloads-plugin.ts";
import { routeModulesPlugin } from "./src/app/build/route-modules-plugin.ts";
import { docsMarkdownPlugin } from "./src/features/docs/build/docs-markdown-plugin.ts";

/**
 * The pages a first visit lands on, served prerendered: their first screens load a few chunks each (decision 020).
 * The route table marks them (`firstScreen`).
 */
const FIRST_SCREENS = firstScreenModules(import.meta.dirname);

export default defineConfig(
  async ({ command, isSsrBuild }): Promise<UserConfig> => ({
    // Form.Item's Tooltip loads on first use, and its columns come without the grid's styles (see the
    // plugin, decisions 015 and 019).
    // Documentation pages are Markdown, rendered to data at build time (see the plugin).
    // The route table's lazy modules are import() calls generated from it (see the plugin).
    // Each page's chunks are listed for the server, which hints them in index.html (see the plugin).
    // Hashed assets are also written brotli- and gzip-compressed at the highest levels, which the server
    // sends as they are: smaller than the fast per-request compression, and no CPU per request (decision 019).
    plugins: [
      formItemImportsPlugin(),
      antdStylesheetPlugin(),
      docsMarkdownPlugin(),
      react(),
      routeModulesPlugin(),
      pagePreloadsPlugin(),
      // Not in the in-memory pass that only tells the chunks apart (decision 020): nothing it makes is kept.
      ...(isSsrBuild || process.env[AUTOMATIC_SPLIT_PASS]
        ? []
        : [compression({ algorithms: ["brotliCompress", "gzip"], include: /^assets\/.+\.(js|css|svg)$/ })]),
    ],
    // Lets `@/…` imports resolve from tsconfig.json's `paths`, so the alias is declared once.
    resolve: { tsconfigPaths: true },
    build: {
      outDir: "dist",
      emptyOutDir: true,
      // Hashed file names let the server cache /assets/* forever and index.html never.
      assetsDir: "assets",
      // dist/.vite/manifest.json maps each route module to its chunks: tests and the benchmark read it.
      manifest: true,
      // One stylesheet for the whole app (23 kB), which the server inlines in every page. Split per route,
      // a prerendered page carried its route's styles inline and the route's code then fetched them again
      // once it loaded, restyling the whole page for rules it already had (decision 019).
      cssCodeSplit: false,
      rolldownOptions: {
        treeshake: {
          // antd's own rc-component packages declare no "sideEffects", so the bundler keeps every module
          // they reach even when nothing uses it (the rc TextArea of every Input, for one). Their modules
          // only define components and helpers.
          moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
        },
        output: {
          codeSplitting: {
            // Libraries every page loads, in one chunk of their own: their hash survives our
            // releases, so returning visitors keep them cached. antd stays out of the group so
            // that components used by one lazy page stay in that page's chunk, and so does zod:
            // the entry never needs it (see lib/client-config.tsx), only the pages with forms.
            // Priorities: a first-screen group's is its number of screens, and these two come before any.
            groups: [
              {
                name: "framework",
                priority: 3 + Object.keys(FIRST_SCREENS).length,
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|i18next-browser-languagedetector|@tanstack)[\\/]/,
              },
              // Whatever the entry imports, at any depth, stays in the entry's chunk rather than in chunks
              // shared with lazy pages, which every page would then load as well.
              { name: "index", priority: 2 + Object.keys(FIRST_SCREENS).length, tags: ["$initial"] },
              ...(command === "build" && !isSsrBuild && !process.env[AUTOMATIC_SPLIT_PASS]
                ? firstScreenGroups(await automaticSplit(import.meta.dirname), FIRST_SCREENS)
                : []),
            ],
          },
        },
      },
    },
    // The prerender bundle (`vite build --ssr`, see src/server-render.tsx) carries its libraries, so
    // the server needs none of the web app's packages resolved on its own.
    ssr: { noExternal: true },
    // Vite sets this for the browser build only; the server's NODE_ENV must not pick React's and antd's
    // development builds for the prerender bundle.
    define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
    server: {
      port: 5173,
      strictPort: true,
      // The API runs on its own port in development; proxying keeps the app same-origin,
      // so the session cookie works exactly as in production.
      proxy: { "/api": { target: "http://localhost:8081", changeOrigin: false } },
    },
  }),
);
