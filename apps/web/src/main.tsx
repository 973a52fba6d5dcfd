import "@/app/global.css";
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from "@precis/contract/boot";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { App } from "@/app/app";
import { createQueryClient } from "@/app/query-client";
import { loadRoutesFor, routes } from "@/app/router";
import { StartupError } from "@/app/startup-error";
import { getCurrentLanguage, i18nReady } from "@/i18n";
import { loadAntdStylesheet } from "@/lib/antd-stylesheet";
import { loadClientConfig } from "@/lib/client-config";
import { firstContentfulPaint } from "@/lib/first-contentful-paint";
import { LOGGED_OUT, userDetailsQueryOptions } from "@/lib/get-user-details";

function findRootElement(): HTMLElement {
  const element = document.getElementById("root");
  if (!element) throw new Error("index.html has no #root element");
  return element;
}
const rootElement = findRootElement();

// The server prerenders the documentation, login and registration for visitors who send no session
// cookie, in the reader's language: their choice, else what their browser asks for (decisions 033 and 047).
const prerenderedLanguage = rootElement.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);

const queryClient = createQueryClient();
/**
 * How long the first render may wait for who is signed in. Longer, and a slow answer would keep the
 * splash up in place of the page and its own loading state.
 */
const SIGNED_IN_STATE_WAIT_MS = 500;
/** Settled once the app knows who is signed in (never rejects: a failure is the query's error state). */
let userDetailsKnown: Promise<void> = Promise.resolve();
if (prerenderedLanguage) {
  // No session cookie reached the server, so nobody is signed in: no need to ask.
  queryClient.setQueryData(userDetailsQueryOptions().queryKey, LOGGED_OUT);
} else {
  // Who is signed in decides what the shell and the signed-in pages show: ask now, while the page's
  // code and texts download, instead of after the first render (one more round trip before them).
  // The first render waits briefly for the answer: arriving after it, the answer re-rendered the whole
  // page at once, outside the time-sliced first render (Lighthouse, alternating builds in the same
  // minutes: total blocking time 983 → 442 ms on /subscription, 808 → 623 ms on /).
  // What the shell and the page show a signed-in account above or amid the page (a banner, an access
  // notice) loads with it, not after: arriving later, each pushed the page down (app/layout/shell-notices.ts).
  // Its own chunk, which a signed-out visit never loads.
  userDetailsKnown = queryClient
    .prefetchQuery(userDetailsQueryOptions())
    .then(async () => {
      const profile = queryClient.getQueryData(userDetailsQueryOptions().queryKey)?.userProfile;
      if (!profile) return;
      const { preloadAccountNotices } = await import("@/app/layout/shell-notices");
      await preloadAccountNotices(profile, window.location.pathname, queryClient);
    })
    // A notice that fails to load here is the shell's to retry (its Suspense boundary), never the start's.
    .catch(() => undefined);
}

// antd's component styles download beside the page's code; the app renders once they are in (decision 033).
const antdStylesheetLoaded = loadAntdStylesheet();

async function start() {
  const signedInStateOrTimeout = Promise.race([
    userDetailsKnown,
    new Promise<void>((resolve) => setTimeout(resolve, SIGNED_IN_STATE_WAIT_MS)),
  ]);
  // The page's first content is painted before the app takes the main thread: the server's HTML (or
  // the splash) is what a slow phone can show soonest, and hydrating first held it back.
  const [config] = await Promise.all([
    loadClientConfig(),
    i18nReady,
    signedInStateOrTimeout,
    firstContentfulPaint(),
    antdStylesheetLoaded,
  ]);
  const canHydrate = prerenderedLanguage === getCurrentLanguage();
  // With the server's HTML on screen, the page's code loads first: the router would otherwise render
  // its fallback, which a hydration would not match and a render would put in the HTML's place.
  if (prerenderedLanguage) await loadRoutesFor(window.location.pathname, config, queryClient);
  const router = createBrowserRouter(routes);
  // The app is the only child at every level, as in the prerender (src/server-render.tsx): a sibling
  // would shift React's useId, and antd's theme, keyed by it, would then add its styles again under
  // another name instead of keeping the server's.
  const app = (
    <StrictMode>
      <OnFirstCommit run={markStarted}>
        <App config={config} queryClient={queryClient} router={<RouterProvider router={router} />} />
      </OnFirstCommit>
    </StrictMode>
  );
  if (canHydrate) {
    // React attaches to the server's HTML, which stays on screen. As a transition, hydration yields
    // to the browser every few milliseconds instead of blocking it (hydrateRoot alone does not); a
    // click meanwhile is replayed once the part clicked is hydrated.
    startTransition(() => {
      hydrateRoot(rootElement, app);
    });
  } else {
    // Nothing renders before the first texts are loaded, so no screen ever shows raw keys. A page
    // prerendered in another language than the one the app starts in is replaced, not hydrated.
    // The first render is a transition so React renders it in slices that yield to the browser: as
    // one synchronous task it blocked a phone's main thread for over half a second (Lighthouse TBT).
    const root = createRoot(rootElement);
    startTransition(() => root.render(app));
  }
}

/** The app has hydrated or replaced the server's HTML: from here on the page reacts to input (the browser tests wait for this). */
function markStarted() {
  rootElement.removeAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
}

/** Runs `run` once its children have committed (a parent's effects run after its children's). */
function OnFirstCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(() => run(), [run]);
  return children;
}

start().catch((error: unknown) => {
  console.error(error);
  createRoot(rootElement).render(
    <StrictMode>
      <StartupError />
    </StrictMode>,
  );
});
