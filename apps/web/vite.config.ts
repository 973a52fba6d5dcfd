import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { antdStylesheetPlugin } from "./src/app/build/antd-stylesheet-plugin.ts";
import { pagePreloadsPlugin } from "./src/app/build/page-preloads-plugin.ts";
import { routeModulesPlugin } from "./src/app/build/route-modules-plugin.ts";
import { docsMarkdownPlugin } from "./src/features/docs/build/docs-markdown-plugin.ts";

export default defineConfig(
  ({ isSsrBuild }): UserConfig => ({
    // antd's component styles are one stylesheet built with the app's theme (see the plugin, decision 033).
    // Documentation pages are Markdown, rendered to data at build time (see the plugin).
    // The page table's lazy modules are import() calls generated from it (see the plugin).
    // Each page's chunks are listed for the server, which hints them in index.html (see the plugin).
    // Hashed assets are also written brotli- and gzip-compressed at the highest levels, which the server
    // sends as they are: smaller than the fast per-request compression, and no CPU per request.
    plugins: [
      antdStylesheetPlugin(),
      docsMarkdownPlugin(),
      react(),
      routeModulesPlugin(),
      pagePreloadsPlugin(),
      ...(isSsrBuild
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
      // One stylesheet for the whole app, which the server inlines in every page. Split per route, a
      // prerendered page carried its route's styles inline and the route's code then fetched them again once
      // it loaded, restyling the whole page for rules it already had.
      cssCodeSplit: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Libraries every page loads, in one chunk of their own: their hash survives our releases, so
            // returning visitors keep them cached. antd stays out of the group so that components used by one
            // lazy page stay in that page's chunk, and so does zod: the entry never needs it (see
            // lib/client-config.tsx), only the pages with forms. The framework wins over the startup group below.
            groups: [
              {
                name: "framework",
                priority: 1,
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|i18next-browser-languagedetector|@tanstack)[\\/]/,
              },
              // The rest of what index.html loads, with the entry: a dozen small chunks were a dozen requests on
              // every first load, each a round trip on a phone's network (decision 033).
              { name: "startup", tags: ["$initial"] },
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
