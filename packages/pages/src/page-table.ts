/*
 * The page table: every page of the web app, declared once. Each entry says where the page lives, which
 * lazy module draws it, what it needs loaded beside it, and how the server treats it; everything else
 * is derived from it:
 * - the react-router routes (apps/web/src/app/create-routes.ts, router.tsx, build/route-modules-plugin.ts);
 * - the modules and catalogues each page preloads (apps/web/src/app/build/page-preloads-plugin.ts, and the
 *   server's hints in apps/server/src/plugins/page-preloads.ts);
 * - the pages the server prerenders (apps/server/src/plugins/prerender.ts, decision 033).
 *
 * To add a page: one entry in `routeTable`, pointing at `features/<feature>/routes/<page>-route.tsx`.
 *
 * A package of its own so that the server reads the table without importing the web app's source, and
 * without react-router: plain data and pure functions, no dependency. vite.config.ts (Node, which strips the
 * types itself), the server and the browser all import it. Its path matcher follows react-router's ranking;
 * apps/web/src/app/route-table.test.ts holds it to react-router's matchRoutes on every page.
 */

/** A lazy module, named as Vite's manifest names it (from apps/web), and the export it renders. */
export interface LazyComponent {
  module: string;
  component: string;
}

/** The layouts pages render in; each is a lazy module of its own. */
export const LAYOUTS = {
  /** The navbar, the footer and the page's outlet. */
  shell: { module: "src/app/layout/app-shell.tsx", component: "AppShell" },
  /** product §2: the shell's outlet renders its children only for a logged-in user. */
  login: { module: "src/app/layout/require-login.tsx", component: "RequireLogin" },
} as const satisfies Record<string, LazyComponent>;

/**
 * Which exact paths of a page the server prerenders for visitors who are not signed in: the page's own path (a path without
 * parameters), the ones listed, or every documentation page's (which the server lists from contract's
 * docsPageIds, as one names the search optimizer's after the product). Anything else the page shows (a query
 * string, another spelling, another parameter) is rendered by the browser.
 */
export type PrerenderedPaths = "own-path" | "every-docs-page" | readonly string[];

export interface Page extends LazyComponent {
  /** A stable name. */
  id: string;
  /** A react-router path pattern, from the root: static segments, `:param`, `:param?` and a final `*`. */
  path: string;
  /** In the shell (navbar, footer), or standing alone (product §2's account pages: logo, language switch, form). */
  layout: "shell" | "standalone";
  /** product §2: rendered only for a logged-in user; otherwise the gate's "You haven't logged in" box (shell pages). */
  requiresLogin?: boolean;
  /** The i18n namespaces loaded beside its chunk, so it does not suspend on them once it rendered. */
  namespaces: readonly string[];
  /**
   * An export of the module that loads what the page suspends on (the route's handle.preload, see PageHandle),
   * before a prerendered copy of it hydrates.
   */
  preload?: string;
  /** The paths the server prerenders for visitors who are not signed in, which the browser hydrates (decision 033). */
  prerender?: PrerenderedPaths;
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
  },
  {
    id: "greet",
    path: "/greet",
    layout: "shell",
    requiresLogin: true,
    module: "src/features/auth/routes/landing-route.tsx",
    component: "LandingRoute",
    namespaces: ["auth"],
  },
  {
    // product §2: shown only once the profile loaded. Composed in the app layer: its Security and Privacy tabs
    // are features of their own.
    id: "profile",
    path: "/profile/:tabId?",
    layout: "shell",
    requiresLogin: true,
    module: "src/app/routes/profile-page.tsx",
    component: "ProfilePage",
    namespaces: ["profile"],
  },
  {
    id: "redirect",
    path: "/redirect",
    layout: "shell",
    requiresLogin: true,
    module: "src/features/auth/routes/landing-route.tsx",
    component: "LandingRoute",
    namespaces: ["auth"],
  },
  {
    id: "change-email",
    path: "/change-email",
    layout: "shell",
    requiresLogin: true,
    module: "src/features/auth/routes/change-email-route.tsx",
    component: "ChangeEmailRoute",
    namespaces: ["sso", "auth"],
  },
  {
    // Outside the login gate: a logged-out visitor gets SPEC's own "Please Login." here.
    id: "subscription",
    path: "/subscription",
    layout: "shell",
    module: "src/features/subscription/routes/subscription-route.tsx",
    component: "SubscriptionRoute",
    namespaces: ["subscription"],
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
    // Issue 44: the caller's firm, or the way to create one.
    id: "firm",
    path: "/firm",
    layout: "shell",
    requiresLogin: true,
    module: "src/features/firm/routes/firm-route.tsx",
    component: "FirmRoute",
    namespaces: ["firm"],
  },
  {
    // Outside the login gate: the emailed invitation's link, opened signed out, sends the person to log in or
    // register, and keeps its token for their return.
    id: "firm-join",
    path: "/firm/join",
    layout: "shell",
    module: "src/features/firm/routes/join-firm-route.tsx",
    component: "JoinFirmRoute",
    namespaces: ["firm"],
  },
  {
    // Outside the login gate: a person the firm's sign-in policy refuses asks for a link, and leaves the firm by it,
    // signed out, on a press of its button (decision 043).
    id: "firm-leave-by-link",
    path: "/firm/leave",
    layout: "shell",
    module: "src/features/firm/routes/leave-by-link-route.tsx",
    component: "LeaveByLinkRoute",
    namespaces: ["firm"],
  },
  {
    // Outside the login gate: the link mailed to an old address takes it back signed out (issue 42), and ends
    // every session of the account.
    id: "undo-email-change",
    path: "/email-change/undo",
    layout: "shell",
    module: "src/features/verification/routes/undo-email-change-route.tsx",
    component: "UndoEmailChangeRoute",
    namespaces: ["verification"],
  },
  {
    // Outside the login gate: the link mailed when too many wrong codes locked the second step unlocks it signed
    // out, on a press of its button (decision 042), and signs nothing in.
    id: "unlock-second-step",
    path: "/two-step/unlock",
    layout: "shell",
    module: "src/features/security/routes/unlock-second-step-route.tsx",
    component: "UnlockSecondStepRoute",
    namespaces: ["security", "auth"],
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
    // product §6: anyone may read the documentation. One route for every /document path: see DocsRoute.
    id: "docs",
    path: "/document/*",
    layout: "shell",
    module: "src/features/docs/routes/docs-route.tsx",
    component: "DocsRoute",
    preload: "preloadDocsRoute",
    namespaces: ["docs"],
    prerender: "every-docs-page",
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
    prerender: "own-path",
  },
  {
    id: "privacy",
    path: "/privacy",
    layout: "shell",
    module: "src/features/docs/routes/legal-route.tsx",
    component: "PrivacyRoute",
    preload: "preloadLegalRoute",
    namespaces: ["docs"],
    prerender: "own-path",
  },
  {
    // The accessibility statement: public, read like the legal documents, linked from every page's footer.
    id: "accessibility",
    path: "/accessibility",
    layout: "shell",
    module: "src/features/docs/routes/legal-route.tsx",
    component: "AccessibilityRoute",
    preload: "preloadLegalRoute",
    namespaces: ["docs"],
    prerender: "own-path",
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
  // product §2's account pages. Only login and registration are prerendered: the others' forms carry codes and
  // states from the URL or the previous step.
  {
    id: "login",
    path: "/login",
    layout: "standalone",
    module: "src/features/auth/routes/login-route.tsx",
    component: "LoginRoute",
    namespaces: ["auth", "sso"],
    prerender: "own-path",
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
    prerender: "own-path",
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
 * apps/web/src/app/create-routes.ts turns into RouteObjects.
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
    if (!page.path.startsWith(parentPath)) throw new Error(`page table: ${page.path} is not under ${parentPath}`);
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
  if (requiresLogin) throw new Error(`page table: ${requiresLogin.path} stands alone, outside the login gate`);
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

/** A page's path pattern as the ranked alternatives it matches (an optional segment is two patterns). */
interface CompiledPattern {
  page: Page;
  pattern: RegExp;
  score: number;
}

/**
 * react-router's ranking (its computeScore): more segments and static ones first, a splat last. Ties keep the
 * table's order, as react-router keeps its routes' order.
 */
function scorePath(path: string) {
  const segments = path.split("/");
  const isSplat = (segment: string) => segment === "*";
  let score = segments.length + (segments.some(isSplat) ? -2 : 0);
  for (const segment of segments) {
    if (isSplat(segment)) continue;
    score += segment.startsWith(":") ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compilePage(page: Page): CompiledPattern[] {
  // "/profile/:tabId?" matches as "/profile" and "/profile/:tabId", ranked apart, as react-router explodes it.
  const optional = /\/:[\w-]+\?/.exec(page.path);
  const paths = optional ? [page.path.replace(optional[0], ""), page.path.replace("?", "")] : [page.path];
  return paths.map((path) => {
    const source = path
      .split("/")
      .filter(Boolean)
      .map((segment) =>
        segment === "*" ? "(?:/.*)?" : segment.startsWith(":") ? "/[^/]+" : `/${escapeRegExp(segment)}`,
      )
      .join("");
    return { page, pattern: new RegExp(`^${source}/?$`, "i"), score: scorePath(path === "/" ? "" : path) };
  });
}

/**
 * The page a URL opens, as the router picks it (any case, a trailing slash or not); null for none. Compiled
 * once per table; the server asks on every page it serves.
 */
export function createPageMatcher(pages: readonly Page[] = routeTable) {
  const compiled = pages.flatMap(compilePage).sort((a, b) => b.score - a.score);
  return (pathname: string): Page | null => {
    // As react-router reads it: repeated slashes are one, and an empty path is the root.
    const normalized = pathname.replace(/\/{2,}/g, "/") || "/";
    return compiled.find(({ pattern }) => pattern.test(normalized))?.page ?? null;
  };
}

export const matchPage = createPageMatcher();

/** The lazy modules a page loads, outermost first: its layouts', then its own. */
export function pageModules(page: Page): string[] {
  return [
    ...(page.layout === "shell" ? [LAYOUTS.shell.module] : []),
    ...(page.requiresLogin ? [LAYOUTS.login.module] : []),
    page.module,
  ];
}

/**
 * The exact paths the server prerenders, with their page. A listed path that the router would not send to its
 * own page is a mistake in the table, found here rather than by a page never prerendered.
 */
export function prerenderedPaths(
  { docsPaths }: { docsPaths: readonly string[] },
  pages: readonly Page[] = routeTable,
): Map<string, Page> {
  const match = createPageMatcher(pages);
  const paths = new Map<string, Page>();
  for (const page of pages) {
    if (!page.prerender) continue;
    for (const pathname of expandPrerenderedPaths(page, page.prerender, docsPaths)) {
      if (match(pathname) !== page) {
        throw new Error(`page table: ${pathname}, prerendered for ${page.id}, is not a path of ${page.path}`);
      }
      paths.set(pathname, page);
    }
  }
  return paths;
}

function expandPrerenderedPaths(page: Page, which: PrerenderedPaths, docsPaths: readonly string[]) {
  if (which === "own-path") {
    if (/[:*]/.test(page.path)) throw new Error(`page table: ${page.path} has parameters; list its prerendered paths`);
    return [page.path];
  }
  return which === "every-docs-page" ? docsPaths : which;
}
