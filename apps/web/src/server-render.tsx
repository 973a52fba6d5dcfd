/*
 * Renders a page to HTML on the server (apps/server/src/plugins/prerender.ts decides when, from the
 * `prerender` entries of the page table, @precis/pages), so its text paints from the HTML instead of after
 * every script has downloaded and run. It is the page as a visitor who is not signed in sees it, which the
 * browser hydrates (decision 033). Built by `vite build --ssr` into dist-ssr/, bundled with its libraries.
 */
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { iconStyles } from "@ant-design/icons/es/utils";
import type { Language } from "@precis/contract/auth";
import type { ClientConfig } from "@precis/contract/client-config";
import type { RenderedPage, RenderPage } from "@precis/contract/prerender";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { App } from "@/app/app";
import { withoutGridColumns } from "@/app/build/without-grid-columns";
import { ICON_STYLESHEET_SOURCE } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import { routes } from "@/app/router";
import { i18n, i18nReady } from "@/i18n";
import { LOGGED_OUT, userDetailsQueryOptions } from "@/lib/get-user-details";

const handler = createStaticHandler(routes);

// i18next's language is global, so pages render one at a time.
let queue: Promise<unknown> = Promise.resolve();

export const renderPage: RenderPage = (url, language, config) => {
  const rendering = queue.then(() => render(url, language, config));
  queue = rendering.catch(() => undefined);
  return rendering;
};

async function render(url: string, language: Language, config: ClientConfig): Promise<RenderedPage | null> {
  await i18nReady;
  await i18n.changeLanguage(language);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const queryClient = createQueryClient();
  queryClient.setQueryData(userDetailsQueryOptions().queryKey, LOGGED_OUT);
  const styleCache = createCache();
  // prerender, not renderToString: it waits for everything the page suspends on (its texts, its content).
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StyleProvider cache={styleCache} transformers={[withoutGridColumns]}>
        <App
          config={config}
          queryClient={queryClient}
          router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
        />
      </StyleProvider>
    </StrictMode>,
    // Never split a large part out of place: completing it would need an inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let body = "";
  for await (const chunk of prelude) body += chunk;
  // The pages' Content-Security-Policy forbids inline scripts; React would write one only to
  // complete a part of the page out of place.
  if (body.includes("<script")) throw new Error(`${url} rendered with an inline script`);
  const iconStylesheet = `<style data-source="${ICON_STYLESHEET_SOURCE}">${iconStyles}</style>`;
  return { head: iconStylesheet + extractStyle(styleCache), body };
}
