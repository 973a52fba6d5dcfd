import type { ClientConfig } from "@precis/contract/client-config";
import type { QueryClient } from "@tanstack/react-query";
import { matchRoutes, type RouteObject } from "react-router";
import { RootErrorBoundary, RouteErrorBoundary } from "@/app/routes/route-error";
import { PageLoader } from "@/components/page-loader";
import { i18n } from "@/i18n";

/*
 * The whole route table. Every page is a lazy chunk, and so is the shell: the standalone account
 * pages (/login, /register…) never load the navbar's menus, which keeps their first load small.
 * To add a page: one entry here, pointing at `features/<feature>/routes/<page>-route.tsx`, wrapped
 * in withTexts with the page's i18n namespace.
 */

/**
 * Fetches a page's translations beside its chunk. Without it the page would render, suspend on its
 * namespace, and only then ask for it: one more round trip before anything shows.
 */
function withTexts<T>(namespaces: string | string[], load: () => Promise<T>) {
  return async () => (await Promise.all([load(), i18n.loadNamespaces(namespaces)]))[0];
}

export const routes: RouteObject[] = [
  {
    path: "/",
    lazy: () => import("@/app/layout/app-shell").then(({ AppShell }) => ({ Component: AppShell })),
    HydrateFallback: PageLoader,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        // A page that fails renders its error inside the shell, so navigation stays usable.
        ErrorBoundary: RouteErrorBoundary,
        children: [
          {
            // SPEC §2: the shell's outlet renders its children only for a logged-in user.
            lazy: () => import("@/app/layout/require-login").then(({ RequireLogin }) => ({ Component: RequireLogin })),
            children: [
              {
                index: true,
                lazy: withTexts("home", () =>
                  import("@/features/home/routes/home-route").then(({ HomeRoute }) => ({ Component: HomeRoute })),
                ),
              },
              {
                path: "greet",
                lazy: withTexts("auth", () =>
                  import("@/features/auth/routes/landing-route").then(({ LandingRoute }) => ({
                    Component: LandingRoute,
                  })),
                ),
              },
              {
                // SPEC §2: shown only once the profile loaded; otherwise the gate's "You haven't logged in" box.
                // Composed in the app layer: its Security and Privacy tabs are features of their own.
                path: "profile/:tabId?",
                lazy: withTexts("profile", () =>
                  import("@/app/routes/profile-page").then(({ ProfilePage }) => ({ Component: ProfilePage })),
                ),
              },
              {
                path: "redirect",
                lazy: withTexts("auth", () =>
                  import("@/features/auth/routes/landing-route").then(({ LandingRoute }) => ({
                    Component: LandingRoute,
                  })),
                ),
              },
              {
                path: "change-email",
                lazy: withTexts(["sso", "auth"], () =>
                  import("@/features/sso/routes/change-email-route").then(({ ChangeEmailRoute }) => ({
                    Component: ChangeEmailRoute,
                  })),
                ),
              },
            ],
          },
          {
            // Outside the login gate: a logged-out visitor gets SPEC's own "Please Login." here.
            path: "subscription",
            lazy: withTexts("subscription", () =>
              import("@/features/subscription/routes/subscription-route").then(
                ({ SubscriptionRoute, preloadSubscriptionRoute }) => ({
                  Component: SubscriptionRoute,
                  handle: { preload: preloadSubscriptionRoute } satisfies PageHandle,
                }),
              ),
            ),
          },
          {
            // Outside the login gate: the emailed link works signed out, and signs nothing in.
            path: "verify-email",
            lazy: withTexts(["verification", "auth"], () =>
              import("@/features/verification/routes/verify-email-route").then(({ VerifyEmailRoute }) => ({
                Component: VerifyEmailRoute,
              })),
            ),
          },
          {
            // Outside the login gate: the emailed link cancels a deletion signed out, and signs nothing in.
            path: "account/deletion/cancel",
            lazy: withTexts("privacy", () =>
              import("@/features/privacy/routes/cancel-deletion-route").then(({ CancelDeletionRoute }) => ({
                Component: CancelDeletionRoute,
              })),
            ),
          },
          {
            // Outside the login gate: the account's deletion has just signed every session out.
            path: "account/deletion/scheduled",
            lazy: withTexts("privacy", () =>
              import("@/features/privacy/routes/deletion-scheduled-route").then(({ DeletionScheduledRoute }) => ({
                Component: DeletionScheduledRoute,
              })),
            ),
          },
          {
            // SPEC §6: anyone may read the documentation. One route for every /document path: see DocsRoute.
            path: "document/*",
            lazy: withTexts("docs", () =>
              import("@/features/docs/routes/docs-route").then(({ DocsRoute, preloadDocsRoute }) => ({
                Component: DocsRoute,
                handle: { preload: preloadDocsRoute } satisfies PageHandle,
              })),
            ),
          },
          {
            path: "video-document",
            lazy: withTexts("docs", () =>
              import("@/features/docs/routes/video-docs-route").then(({ VideoDocsRoute }) => ({
                Component: VideoDocsRoute,
              })),
            ),
          },
          {
            // Anyone may read what registration asks them to accept; the text is the docs' Markdown pipeline's.
            path: "terms",
            lazy: withTexts("docs", () =>
              import("@/features/docs/routes/legal-route").then(({ TermsRoute, preloadLegalRoute }) => ({
                Component: TermsRoute,
                handle: { preload: preloadLegalRoute } satisfies PageHandle,
              })),
            ),
          },
          {
            path: "privacy",
            lazy: withTexts("docs", () =>
              import("@/features/docs/routes/legal-route").then(({ PrivacyRoute, preloadLegalRoute }) => ({
                Component: PrivacyRoute,
                handle: { preload: preloadLegalRoute } satisfies PageHandle,
              })),
            ),
          },
          {
            path: "*",
            lazy: () =>
              import("@/app/routes/not-found-route").then(({ NotFoundRoute }) => ({ Component: NotFoundRoute })),
          },
        ],
      },
    ],
  },
  {
    // SPEC §2's account pages stand alone (logo, language switch, the form), without the shell.
    HydrateFallback: PageLoader,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        path: "login",
        lazy: withTexts(["auth", "sso"], () =>
          import("@/features/auth/routes/login-route").then(({ LoginRoute }) => ({ Component: LoginRoute })),
        ),
      },
      {
        path: "login/find-user",
        lazy: withTexts("auth", () =>
          import("@/features/auth/routes/find-user-route").then(({ FindUserRoute }) => ({ Component: FindUserRoute })),
        ),
      },
      {
        path: "login/reset-password",
        lazy: withTexts("auth", () =>
          import("@/features/auth/routes/reset-password-route").then(({ ResetPasswordRoute }) => ({
            Component: ResetPasswordRoute,
          })),
        ),
      },
      {
        path: "register",
        lazy: withTexts(["auth", "sso"], () =>
          import("@/features/auth/routes/register-route").then(({ RegisterRoute }) => ({ Component: RegisterRoute })),
        ),
      },
      {
        path: "welcome",
        lazy: withTexts(["auth", "sso"], () =>
          import("@/features/auth/routes/welcome-route").then(({ WelcomeRoute }) => ({ Component: WelcomeRoute })),
        ),
      },
      {
        path: "sso/register",
        lazy: withTexts(["sso", "auth"], () =>
          import("@/features/sso/routes/sso-register-route").then(({ SsoRegisterRoute }) => ({
            Component: SsoRegisterRoute,
          })),
        ),
      },
    ],
  },
];

/**
 * A route's `handle`: what its page needs loaded before a prerendered copy of it can hydrate, or before
 * the app renders over a signed-in frame of it, which must then show what the frame showed.
 */
export interface PageHandle {
  preload?: (pathname: string, config: ClientConfig, queryClient: QueryClient) => Promise<unknown>;
}

/**
 * Loads the lazy routes a location matches, in place, and what their pages suspend on. A prerendered
 * page is hydrated only then: the router would otherwise render HydrateFallback, not the server's
 * HTML, and a part that suspends while hydrating is re-rendered from its fallback if the app updates.
 */
export async function loadRoutesFor(pathname: string, config: ClientConfig, queryClient: QueryClient) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy === "function") {
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }
      await (route.handle as PageHandle | undefined)?.preload?.(pathname, config, queryClient);
    }),
  );
}
