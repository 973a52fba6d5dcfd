/*
 * What the web build's server bundle (apps/web/src/server-render.tsx, built into dist-ssr/) exports
 * and the server (apps/server/src/plugins/prerender.ts) calls: decisions 014 and 016. Types only.
 */
import type { Language } from "./auth.ts";
import type { ClientConfig } from "./client-config.ts";

/** Who a page is prerendered for: anyone signed out (a page to hydrate), or a live session (a frame). */
export type PrerenderAudience = "anonymous" | "signed-in";

/** The screen a signed-in frame is laid out for; the server guesses it from the request. */
export type FrameScreen = "phone" | "wide";

export interface RenderedPage {
  /** Style elements for <head>: antd's styles for what the page shows, and the icons'. */
  head: string;
  /** The inside of #root. */
  body: string;
}

/** Null when the URL is not a page to prerender (the router redirects or answers with an error). */
export type RenderPage = (
  url: string,
  language: Language,
  config: ClientConfig,
  audience: PrerenderAudience,
  screen?: FrameScreen,
) => Promise<RenderedPage | null>;
