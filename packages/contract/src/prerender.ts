/*
 * What the web build's server bundle (apps/web/src/server-render.tsx, built into dist-ssr/) exports
 * and the server (apps/server/src/plugins/prerender.ts) calls: decision 033.
 */

import type { Language } from "./auth.ts";
import type { ClientConfig } from "./client-config.ts";

export interface RenderedPage {
  /** Style elements for <head>: antd's theme variables for what the page shows, and the icons' styles. */
  head: string;
  /** The inside of #root. */
  body: string;
}

/** The page as anyone not signed in sees it; null when the URL is not a page to prerender (a redirect, an error). */
export type RenderPage = (url: string, language: Language, config: ClientConfig) => Promise<RenderedPage | null>;

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
