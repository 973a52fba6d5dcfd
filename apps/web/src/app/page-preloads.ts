/*
 * What each page needs before it can show anything, beyond the entry chunk: the lazy route modules
 * router.tsx imports for its URL (outermost first) and the i18n namespaces it loads beside them.
 *
 * The build writes this table next to Vite's manifest (see build/page-preloads-plugin.ts) and the
 * server turns it into <link rel="modulepreload"> hints in index.html. Without them the browser
 * learns about a page's chunks only once the entry has downloaded and run: one more round trip and
 * the entry's whole start-up before the page's code even starts downloading, on every first visit.
 *
 * Pure data (no imports): vite.config.ts reads it at build time. page-preloads.test.ts checks that
 * router.tsx imports exactly these modules with these namespaces.
 */

/** What every screen needs from the first render (i18n/index.ts loads them before anything renders). */
export const ENTRY_NAMESPACES = ["common", "shell"];

const SHELL = "src/app/layout/app-shell.tsx";
const REQUIRE_LOGIN = "src/app/layout/require-login.tsx";

export interface PagePreload {
  /** A react-router path pattern: static segments, `:param`, `:param?` and a final `*`. */
  path: string;
  modules: string[];
  namespaces: string[];
}

export const pagePreloads: PagePreload[] = [
  { path: "/", modules: [SHELL, REQUIRE_LOGIN, "src/features/home/routes/home-route.tsx"], namespaces: ["home"] },
  {
    path: "/greet",
    modules: [SHELL, REQUIRE_LOGIN, "src/features/auth/routes/landing-route.tsx"],
    namespaces: ["auth"],
  },
  {
    path: "/profile/:tabId?",
    modules: [SHELL, REQUIRE_LOGIN, "src/app/routes/profile-page.tsx"],
    namespaces: ["profile"],
  },
  {
    path: "/redirect",
    modules: [SHELL, REQUIRE_LOGIN, "src/features/auth/routes/landing-route.tsx"],
    namespaces: ["auth"],
  },
  {
    path: "/change-email",
    modules: [SHELL, REQUIRE_LOGIN, "src/features/sso/routes/change-email-route.tsx"],
    namespaces: ["sso", "auth"],
  },
  {
    path: "/subscription",
    modules: [SHELL, "src/features/subscription/routes/subscription-route.tsx"],
    namespaces: ["subscription"],
  },
  {
    path: "/verify-email",
    modules: [SHELL, "src/features/verification/routes/verify-email-route.tsx"],
    namespaces: ["verification", "auth"],
  },
  {
    path: "/account/deletion/cancel",
    modules: [SHELL, "src/features/privacy/routes/cancel-deletion-route.tsx"],
    namespaces: ["privacy"],
  },
  {
    path: "/account/deletion/scheduled",
    modules: [SHELL, "src/features/privacy/routes/deletion-scheduled-route.tsx"],
    namespaces: ["privacy"],
  },
  { path: "/document/*", modules: [SHELL, "src/features/docs/routes/docs-route.tsx"], namespaces: ["docs"] },
  {
    path: "/video-document",
    modules: [SHELL, "src/features/docs/routes/video-docs-route.tsx"],
    namespaces: ["docs"],
  },
  { path: "/terms", modules: [SHELL, "src/features/docs/routes/legal-route.tsx"], namespaces: ["docs"] },
  { path: "/privacy", modules: [SHELL, "src/features/docs/routes/legal-route.tsx"], namespaces: ["docs"] },
  { path: "/login", modules: ["src/features/auth/routes/login-route.tsx"], namespaces: ["auth", "sso"] },
  { path: "/login/find-user", modules: ["src/features/auth/routes/find-user-route.tsx"], namespaces: ["auth"] },
  {
    path: "/login/reset-password",
    modules: ["src/features/auth/routes/reset-password-route.tsx"],
    namespaces: ["auth"],
  },
  { path: "/register", modules: ["src/features/auth/routes/register-route.tsx"], namespaces: ["auth", "sso"] },
  { path: "/welcome", modules: ["src/features/auth/routes/welcome-route.tsx"], namespaces: ["auth", "sso"] },
  {
    path: "/sso/register",
    modules: ["src/features/sso/routes/sso-register-route.tsx"],
    namespaces: ["sso", "auth"],
  },
  // Any other path: the shell's "not found" page.
  { path: "/*", modules: [SHELL, "src/app/routes/not-found-route.tsx"], namespaces: [] },
];
