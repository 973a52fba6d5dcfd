/*
 * The route table: every page of the app, declared once. Each entry says where the page lives, which
 * lazy module draws it, what it needs loaded beside it, and how the server treats it; everything else
 * is derived from it:
 * - the react-router routes (create-routes.ts, with router.tsx and build/route-modules-plugin.ts);
 * - the modules and catalogues each page preloads (page-preloads.ts, build/page-preloads-plugin.ts, and the
 *   server's hints in apps/server/src/plugins/page-preloads.ts);
 * - the pages the server prerenders (apps/server/src/plugins/prerender.ts, decisions 014 and 016);
 * - the first screens whose chunks are merged into a few (build/first-screen-chunks.ts, decision 020).
 *
 * To add a page: one entry in `routeTable`, pointing at `features/<feature>/routes/<page>-route.tsx`.
 *
 * Plain data and pure functions, no React: vite.config.ts (Node), the server (Node, via tsx) and the
 * browser all import it. Where a path must be matched to a page, react-router's own matchRoutes does it.
 * (Types only from @precis/contract: Vite's config loader leaves the package to Node, which cannot run its .ts.)
 */
import type { PrerenderAudience } from "@precis/contract/prerender";
import { matchRoutes } from "react-router";

/** A lazy module, named as Vite's manifest names it (from apps/web), and the export it renders. */
export interface LazyComponent {
  module: string;
  component: string;
}

/** The layouts pages render in; each is a lazy module of its own. */
export const LAYOUTS = {
  /** The navbar, the footer and the page's outlet. */
  shell: { module: "src/app/layout/app-shell.tsx", component: "AppShell" },
  /** SPEC §2: the shell's outlet renders its children only for a logged-in user. */
  login: { module: "src/app/layout/require-login.tsx", component: "RequireLogin" },
} as const satisfies Record<string, LazyComponent>;

/**
 * Which exact paths of a page the server prerenders for an audience: the page's own path (a path without
 * parameters), the ones listed, or every documentation page's (which the server lists from contract's
 * docsPageIds, as one names the search optimizer's after the product). Anything else the page shows (a query
 * string, another spelling, another parameter) is rendered by the browser.
 */
export type PrerenderedPaths = "own-path" | "every-docs-page" | readonly string[];

export interface Page extends LazyComponent {
  /** A stable name: the first-screen chunk groups are named after it (`first-login-register`). */
  id: string;
  /** A react-router path pattern, from the root: static segments, `:param`, `:param?` and a final `*`. */
  path: string;
  /** In the shell (navbar, footer), or standing alone (SPEC §2's account pages: logo, language switch, form). */
  layout: "shell" | "standalone";
  /** SPEC §2: rendered only for a logged-in user; otherwise the gate's "You haven't logged in" box (shell pages). */
  requiresLogin?: boolean;
  /** The i18n namespaces loaded beside its chunk, so it does not suspend on them once it rendered. */
  namespaces: readonly string[];
  /**
   * An export of the module that loads what the page suspends on (the route's handle.preload, see PageHandle),
   * before a prerendered copy of it hydrates.
   */
  preload?: string;
  /** The paths the server prerenders, per audience: a page to hydrate (decision 014) or a signed-in frame (016). */
  prerender?: Partial<Record<PrerenderAudience, PrerenderedPaths>>;
  /** Its signed-in frame shows the account's access, so is drawn once per kind of access (decision 017). */
  frameShowsAccess?: boolean;
  /** A page a first visit lands on: its first screen's chunks are merged into a few (decision 020). */
  firstScreen?: boolean;
}

export const routeTable: readonly Page[] = [
  {
    id: "home",
    path: "/",
    layout: "shell",
    requiresLogin: true,
    module: "src/features/home/routes/home-route.tsx",
    component: "HomeRoute",
    namespaces: ["home"],
    prerender: { "signed-in": "own-path" },
  },
  {
    id: "greet",
    path: "/greet",
    layout: "shell",
    requiresLogin: true,
    module: "src/features/auth/routes/landing-route.tsx",
    component: "LandingRoute",
    namespaces: ["auth"],
    prerender: { "signed-in": "own-path" },
  },
  {
    // SPEC §2: shown only once the profile loaded. Composed in the app layer: its Security and Privacy tabs
    // are features of their own. Of its tabs, the frame of the user settings' keeps its size once the
    // account's data arrives (decision 017); the memo settings tab shows "Loading…" where its content will be.
    id: "profile",
    path: "/profile/:tabId?",
    layout: "shell",
    requiresLogin: true,
    module: "src/app/routes/profile-page.tsx",
    component: "ProfilePage",
    preload: "preloadProfilePage",
    namespaces: ["profile"],
    // Not the memo settings tab: its content is far larger than its loading state. Every control of the
    // others is inert until the app starts (usePrerenderedControlProps).
    prerender: { "signed-in": ["/profile", "/profile/UserSettings", "/profile/Security", "/profile/Privacy"] },
  },
  {
    id: "redirect",
    path: "/redirect",
    layout: "shell",
    requiresLogin: true,
    module: "src/features/auth/routes/landing-route.tsx",
    component: "LandingRoute",
    namespaces: ["auth"],
    prerender: { "signed-in": "own-path" },
  },
  {
    id: "change-email",
    path: "/change-email",
    layout: "shell",
    requiresLogin: true,
    module: "src/features/auth/routes/change-email-route.tsx",
    component: "ChangeEmailRoute",
    namespaces: ["sso", "auth"],
    prerender: { "signed-in": "own-path" },
  },
  {
    // Outside the login gate: a logged-out visitor gets SPEC's own "Please Login." here. The app renders
    // over its frame only once it has the access and the offer.
    id: "subscription",
    path: "/subscription",
    layout: "shell",
    module: "src/features/subscription/routes/subscription-route.tsx",
    component: "SubscriptionRoute",
    preload: "preloadSubscriptionRoute",
    namespaces: ["subscription"],
    prerender: { "signed-in": "own-path" },
    frameShowsAccess: true,
  },
  {
    // Outside the login gate: the emailed link works signed out, and signs nothing in.
    id: "verify-email",
    path: "/verify-email",
    layout: "shell",
    module: "src/features/verification/routes/verify-email-route.tsx",
    component: "VerifyEmailRoute",
    namespaces: ["verification", "auth"],
  },
  {
    // Outside the login gate: the emailed link cancels a deletion signed out, and signs nothing in.
    id: "cancel-deletion",
    path: "/account/deletion/cancel",
    layout: "shell",
    module: "src/features/privacy/routes/cancel-deletion-route.tsx",
    component: "CancelDeletionRoute",
    namespaces: ["privacy"],
  },
  {
    // Outside the login gate: the account's deletion has just signed every session out.
    id: "deletion-scheduled",
    path: "/account/deletion/scheduled",
    layout: "shell",
    module: "src/features/privacy/routes/deletion-scheduled-route.tsx",
    component: "DeletionScheduledRoute",
    namespaces: ["privacy"],
  },
  {
    // SPEC §6: anyone may read the documentation. One route for every /document path: see DocsRoute.
    id: "docs",
    path: "/document/*",
    layout: "shell",
    module: "src/features/docs/routes/docs-route.tsx",
    component: "DocsRoute",
    preload: "preloadDocsRoute",
    namespaces: ["docs"],
    prerender: { anonymous: "every-docs-page" },
    firstScreen: true,
  },
  {
    id: "video-docs",
    path: "/video-document",
    layout: "shell",
    module: "src/features/docs/routes/video-docs-route.tsx",
    component: "VideoDocsRoute",
    namespaces: ["docs"],
  },
  {
    // Anyone may read what registration asks them to accept; the text is the docs' Markdown pipeline's.
    id: "terms",
    path: "/terms",
    layout: "shell",
    module: "src/features/docs/routes/legal-route.tsx",
    component: "TermsRoute",
    preload: "preloadLegalRoute",
    namespaces: ["docs"],
    prerender: { anonymous: "own-path" },
  },
  {
    id: "privacy",
    path: "/privacy",
    layout: "shell",
    module: "src/features/docs/routes/legal-route.tsx",
    component: "PrivacyRoute",
    preload: "preloadLegalRoute",
    namespaces: ["docs"],
    prerender: { anonymous: "own-path" },
  },
  {
    // Any other path: the shell's "not found" page.
    id: "not-found",
    path: "/*",
    layout: "shell",
    module: "src/app/routes/not-found-route.tsx",
    component: "NotFoundRoute",
    namespaces: [],
  },
  // SPEC §2's account pages. Only login and registration are prerendered: the others' forms carry codes and
  // states from the URL or the previous step.
  {
    id: "login",
    path: "/login",
    layout: "standalone",
    module: "src/features/auth/routes/login-route.tsx",
    component: "LoginRoute",
    namespaces: ["auth", "sso"],
    prerender: { anonymous: "own-path" },
    firstScreen: true,
  },
  {
    id: "find-user",
    path: "/login/find-user",
    layout: "standalone",
    module: "src/features/auth/routes/find-user-route.tsx",
    component: "FindUserRoute",
    namespaces: ["auth"],
  },
  {
    id: "reset-password",
    path: "/login/reset-password",
    layout: "standalone",
    module: "src/features/auth/routes/reset-password-route.tsx",
    component: "ResetPasswordRoute",
    namespaces: ["auth"],
  },
  {
    id: "register",
    path: "/register",
    layout: "standalone",
    module: "src/features/auth/routes/register-route.tsx",
    component: "RegisterRoute",
    namespaces: ["auth", "sso"],
    prerender: { anonymous: "own-path" },
    firstScreen: true,
  },
  {
    id: "welcome",
    path: "/welcome",
    layout: "standalone",
    module: "src/features/auth/routes/welcome-route.tsx",
    component: "WelcomeRoute",
    namespaces: ["auth", "sso"],
  },
  {
    id: "sso-register",
    path: "/sso/register",
    layout: "standalone",
    module: "src/features/auth/routes/sso-register-route.tsx",
    component: "SsoRegisterRoute",
    namespaces: ["sso", "auth"],
  },
];

/**
 * A node of the route tree, in react-router's shape (so matchRoutes reads it) but plain data: what
 * create-routes.ts turns into RouteObjects, and what the server matches paths on.
 */
export type RouteNode = {
  /** What it is: a layout, the shell's error boundary, or a page. */
  kind: "shell" | "standalone" | "page-boundary" | "login" | "page";
  /** The lazy module it renders; none for a pathless boundary. */
  lazyComponent?: LazyComponent;
  page?: Page;
  path?: string;
  caseSensitive?: boolean;
} & ({ index: true; children?: undefined } | { index?: false; children?: RouteNode[] });

/**
 * The table as react-router's nested routes: the shell at "/" with a pathless error boundary (a page that fails
 * renders its error inside the shell, so navigation stays usable), the login gate inside it, and the standalone
 * pages under a pathless layout of their own. Pages keep the table's order within each level.
 */
export function routeTree(pages: readonly Page[] = routeTable): RouteNode[] {
  const pageNode = (page: Page, parentPath: string): RouteNode => {
    const relative = page.path.slice(parentPath.length);
    if (!page.path.startsWith(parentPath)) throw new Error(`route table: ${page.path} is not under ${parentPath}`);
    const node = { kind: "page" as const, lazyComponent: page, page };
    return relative === "" ? { ...node, index: true } : { ...node, path: relative };
  };
  const shellChildren: RouteNode[] = [];
  let gate: RouteNode | undefined;
  for (const page of pages.filter((candidate) => candidate.layout === "shell")) {
    if (!page.requiresLogin) {
      shellChildren.push(pageNode(page, "/"));
      continue;
    }
    if (!gate) {
      gate = { kind: "login", lazyComponent: LAYOUTS.login, children: [] };
      shellChildren.push(gate);
    }
    gate.children?.push(pageNode(page, "/"));
  }
  const standalone = pages.filter((page) => page.layout === "standalone");
  const requiresLogin = standalone.find((page) => page.requiresLogin);
  if (requiresLogin) throw new Error(`route table: ${requiresLogin.path} stands alone, outside the login gate`);
  return [
    {
      kind: "shell",
      path: "/",
      lazyComponent: LAYOUTS.shell,
      children: [{ kind: "page-boundary", children: shellChildren }],
    },
    { kind: "standalone", children: standalone.map((page) => pageNode(page, "/")) },
  ];
}

/** The page a URL shows, as the router picks it (any case, a trailing slash or not); null for none. */
export function matchPage(pathname: string, tree: RouteNode[] = routeTree(routeTable)): Page | null {
  return matchRoutes(tree, pathname)?.at(-1)?.route.page ?? null;
}

/**
 * matchPage for one table, remembering its latest answers: matchRoutes flattens, ranks and compiles the whole
 * tree on every call (about 0.3 ms here), and the server asks on every page it serves. A few dozen paths make
 * nearly all requests; the bound keeps made-up ones from growing the memory.
 */
export function createPageMatcher(pages: readonly Page[] = routeTable, remembered = 256) {
  const tree = routeTree(pages);
  const answers = new Map<string, Page | null>();
  return (pathname: string): Page | null => {
    let page = answers.get(pathname);
    if (page === undefined) {
      page = matchPage(pathname, tree);
      if (answers.size >= remembered) answers.delete(answers.keys().next().value as string);
      answers.set(pathname, page);
    }
    return page;
  };
}

/** The lazy modules a page loads, outermost first: its layouts', then its own. */
export function pageModules(page: Page): string[] {
  return [
    ...(page.layout === "shell" ? [LAYOUTS.shell.module] : []),
    ...(page.requiresLogin ? [LAYOUTS.login.module] : []),
    page.module,
  ];
}

/** The first screens (decision 020): each one's name and the lazy modules it loads first. */
export function firstScreens(pages: readonly Page[] = routeTable): Record<string, string[]> {
  return Object.fromEntries(pages.filter((page) => page.firstScreen).map((page) => [page.id, pageModules(page)]));
}

/**
 * The exact paths the server prerenders for each audience, with their page. A listed path that the router
 * would not send to its own page is a mistake in the table, found here rather than by a page never prerendered.
 */
export function prerenderedPaths(
  { docsPaths }: { docsPaths: readonly string[] },
  pages: readonly Page[] = routeTable,
): Record<PrerenderAudience, Map<string, Page>> {
  const tree = routeTree(pages);
  const paths: Record<PrerenderAudience, Map<string, Page>> = { anonymous: new Map(), "signed-in": new Map() };
  for (const page of pages) {
    for (const [audience, which] of Object.entries(page.prerender ?? {}) as [PrerenderAudience, PrerenderedPaths][]) {
      for (const pathname of expandPrerenderedPaths(page, which, docsPaths)) {
        if (matchPage(pathname, tree) !== page) {
          throw new Error(`route table: ${pathname}, prerendered for ${page.id}, is not a path of ${page.path}`);
        }
        paths[audience].set(pathname, page);
      }
    }
  }
  return paths;
}

function expandPrerenderedPaths(page: Page, which: PrerenderedPaths, docsPaths: readonly string[]) {
  if (which === "own-path") {
    if (/[:*]/.test(page.path)) throw new Error(`route table: ${page.path} has parameters; list its prerendered paths`);
    return [page.path];
  }
  return which === "every-docs-page" ? docsPaths : which;
}
