/*
 * Renders a page to HTML on the server (apps/server/src/plugins/prerender.ts decides when, from the
 * `prerender` entries of src/app/route-table.ts), so its text paints from the HTML instead of after
 * every script has downloaded and run:
 * - for a visitor who is not signed in, the page itself, which the browser hydrates (decision 014);
 * - for a signed-in visitor, the page's frame: drawn with a blank account, so it holds nobody's data
 *   and serves every visitor. The browser renders the page over it (decision 016). The few texts of
 *   the account that its first screen shows are markers the server fills in per request (decision 017).
 * Built by `vite build --ssr` into dist-ssr/, bundled with its libraries.
 */
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { iconStyles } from "@ant-design/icons/es/utils";
import type { Language } from "@precis/contract/auth";
import type { ClientConfig } from "@precis/contract/client-config";
import type { FrameLayout, FrameScreen, PrerenderAudience, RenderedPage, RenderPage } from "@precis/contract/prerender";
import type { Profile, UserDetailsResponse } from "@precis/contract/profile";
import type { AccessKind, Entitlement, PricingSession } from "@precis/contract/subscription";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { App } from "@/app/app";
import { ICON_STYLESHEET_SOURCE } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import { routes } from "@/app/router";
import { pricingSessionQueryOptions } from "@/features/subscription/api/get-pricing-session";
import { SignedInFrameContext } from "@/hooks/use-account-text";
import { ServerScreenWidthContext } from "@/hooks/use-media-query";
import { i18n, i18nReady } from "@/i18n";
import { entitlementQueryOptions } from "@/lib/entitlement";
import { LOGGED_OUT, userDetailsQueryOptions } from "@/lib/get-user-details";

/**
 * Widths a frame is rendered at: a common phone's (Lighthouse's mobile preset), and a laptop's.
 * Only which side of each layout breakpoint they fall on matters.
 */
const FRAME_SCREEN_WIDTHS: Record<FrameScreen, number> = { phone: 412, wide: 1280 };

/**
 * The account a signed-in frame is drawn with: every text empty, no topic chosen and, unlike any
 * real account, no occupation, so the select shows none rather than a wrong one.
 */
const FRAME_ACCOUNT = {
  userProfile: {
    name: "",
    email: "",
    firstName: "",
    lastName: "",
    organization: "",
    areaOfLaw: "",
    topicsOfInterest: [],
    occupation: undefined as unknown as Profile["occupation"],
    internal: false,
    // The server sends no frame to an unverified account: a frame never shows the verification banner.
    emailVerified: true,
  },
} satisfies UserDetailsResponse;

/**
 * The access a frame of the subscription page is drawn with: only its kind matters, the day it ends is a
 * slot. Its offer is the one for an account without a plan, the only one framed (decision 017).
 */
const frameEntitlement = (access: AccessKind): Entitlement => ({
  access,
  // Neither "none" nor "unverified" ends (the server frames no unverified account, and no account waiting
  // for a school address: both pages explain more than a frame holds).
  endsAt: access === "none" || access === "unverified" ? null : "2000-01-01T00:00:00.000Z",
  memo: { monthlyLimit: null, usedThisMonth: 0 },
  needsAcademicEmail: false,
});
const FRAME_PRICING_SESSION: PricingSession = { userId: "", email: "" };

const handler = createStaticHandler(routes);

// i18next's language is global, so pages render one at a time.
let queue: Promise<unknown> = Promise.resolve();

export const renderPage: RenderPage = (url, language, config, audience, frame) => {
  const rendering = queue.then(() => render(url, language, config, audience, frame));
  queue = rendering.catch(() => undefined);
  return rendering;
};

async function render(
  url: string,
  language: Language,
  config: ClientConfig,
  audience: PrerenderAudience,
  frame: FrameLayout | undefined,
): Promise<RenderedPage | null> {
  await i18nReady;
  await i18n.changeLanguage(language);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const queryClient = createQueryClient();
  queryClient.setQueryData(userDetailsQueryOptions().queryKey, audience === "signed-in" ? FRAME_ACCOUNT : LOGGED_OUT);
  if (frame?.access) {
    queryClient.setQueryData(entitlementQueryOptions().queryKey, frameEntitlement(frame.access));
    queryClient.setQueryData(pricingSessionQueryOptions().queryKey, FRAME_PRICING_SESSION);
  }
  const styleCache = createCache();
  // prerender, not renderToString: it waits for everything the page suspends on (its texts, its content).
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StyleProvider cache={styleCache}>
        {/* Without a screen (a page to hydrate), layouts that depend on the width are left to CSS. */}
        <ServerScreenWidthContext value={frame && FRAME_SCREEN_WIDTHS[frame.screen]}>
          <SignedInFrameContext value={audience === "signed-in"}>
            <App
              config={config}
              queryClient={queryClient}
              router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
            />
          </SignedInFrameContext>
        </ServerScreenWidthContext>
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
