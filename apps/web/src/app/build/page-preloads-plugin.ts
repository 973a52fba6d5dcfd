/*
 * Build time only. Writes dist/.vite/page-preloads.json: for each page of the route table (src/app/page-preloads.ts),
 * the files its first screen needs that index.html does not already load (its route chunks with
 * everything they import, their stylesheets, and its catalogues in each language), and the chunk of
 * each documentation page's text. The server reads it and adds them to index.html as preload hints
 * (apps/server/src/plugins/page-preloads.ts).
 */
import path from "node:path";
import { type Page, routeTable } from "@precis/pages";
import type { Plugin, Rolldown } from "vite";
import { supportedLanguages } from "../../i18n/languages.ts";
import { ENTRY_NAMESPACES, pagePreloads } from "../page-preloads.ts";

/** The file's shape; the server has its own reader of it. */
export interface PagePreloadsFile {
  pages: {
    /** The page's path pattern in the route table: the server matches a URL to the table, then finds its page here. */
    path: string;
    scripts: string[];
    styles: string[];
    /** The page's catalogues and the entry's, per language: the server picks by Accept-Language. */
    texts: Record<string, string[]>;
  }[];
  /** Per language and documentation page id, the chunk of its text (the docs route loads it by URL). */
  docsPages: Record<string, Record<string, string>>;
}

const DOCS_PAGE_SOURCE = /[\\/]src[\\/]docs[\\/]([a-z]+)[\\/]([a-z-]+)\.md$/;

export function pagePreloadsPlugin(table: readonly Page[] = routeTable): Plugin {
  let webRoot = "";
  let isServerBuild = false;
  return {
    name: "precis:page-preloads",
    apply: "build",
    // After Vite's own generateBundle work, which drops the chunks that only imported CSS.
    enforce: "post",
    configResolved(config) {
      webRoot = config.root;
      isServerBuild = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      // The prerender bundle (dist-ssr) is never sent to a browser.
      if (isServerBuild) return;
      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === "chunk");
      const chunkOf = (sourceFile: string) => {
        const id = path.join(webRoot, sourceFile);
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
        if (!chunk)
          throw new Error(
            `page-preloads: no chunk for ${sourceFile} (a lazy module of the route table, or a catalogue)`,
          );
        return chunk;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error("page-preloads: the build has no entry chunk");
      const loadedByIndexHtml = staticGraph(bundle, [entry.fileName]);
      // antd's texts in a language other than English, loaded with its catalogues (i18n/antd-locale.ts).
      // English is antd's default, in the entry already.
      const antdLocaleFiles = (language: string) =>
        language === "en"
          ? []
          : staticGraph(bundle, [chunkOf(`src/i18n/antd-locales/${language}.ts`).fileName])
              .filter((file) => !loadedByIndexHtml.includes(file))
              .map((file) => `/${file}`);

      const pages = pagePreloads(table).map((page) => {
        const routeFiles = staticGraph(
          bundle,
          page.modules.map((module) => chunkOf(module).fileName),
        ).filter((file) => !loadedByIndexHtml.includes(file));
        const texts = Object.fromEntries(
          supportedLanguages.map((language) => [
            language,
            [
              ...[...ENTRY_NAMESPACES, ...page.namespaces].map(
                (namespace) => `/${chunkOf(`src/i18n/${language}/${namespace}.json`).fileName}`,
              ),
              ...antdLocaleFiles(language),
            ],
          ]),
        );
        return {
          path: page.path,
          scripts: routeFiles.map((file) => `/${file}`),
          styles: [...new Set(routeFiles.flatMap((file) => cssOf(bundle, file)))].map((file) => `/${file}`),
          texts,
        };
      });
      // Every Markdown page is a chunk of its own (see docs-pages.ts's import.meta.glob).
      const docsPages: PagePreloadsFile["docsPages"] = {};
      for (const chunk of chunks) {
        const [, language, pageId] = DOCS_PAGE_SOURCE.exec(chunk.facadeModuleId ?? "") ?? [];
        if (!language || !pageId) continue;
        docsPages[language] = { ...docsPages[language], [pageId]: `/${chunk.fileName}` };
      }
      const file: PagePreloadsFile = { pages, docsPages };
      this.emitFile({ type: "asset", fileName: ".vite/page-preloads.json", source: JSON.stringify(file, null, 2) });
    },
  };
}

/** The chunks and everything they import statically, in a stable order (roots first). */
function staticGraph(bundle: Rolldown.OutputBundle, roots: string[]) {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const output = bundle[fileName];
    if (seen.has(fileName) || output?.type !== "chunk") return;
    seen.add(fileName);
    for (const imported of output.imports) visit(imported);
  };
  for (const root of roots) visit(root);
  return [...seen];
}

function cssOf(bundle: Rolldown.OutputBundle, fileName: string) {
  const output = bundle[fileName];
  return output?.type === "chunk" ? [...(output.viteMetadata?.importedCss ?? [])] : [];
}
