import { createBrowserRouter } from "react-router";
import { AppShell } from "@/app/layout/app-shell";
import { RequireLogin } from "@/app/layout/require-login";
import { RootErrorBoundary, RouteErrorBoundary } from "@/app/routes/route-error";
import { PageLoader } from "@/components/page-loader";

/*
 * The whole route table. The shell is eager (every page needs it); each page is a lazy chunk.
 * To add a page: one entry here, pointing at `features/<feature>/routes/<page>-route.tsx`.
 */
export const router = createBrowserRouter([
  {
    path: "/",
    Component: AppShell,
    HydrateFallback: PageLoader,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        // A page that fails renders its error inside the shell, so navigation stays usable.
        ErrorBoundary: RouteErrorBoundary,
        children: [
          {
            // SPEC §2: the shell's outlet renders its children only for a logged-in user.
            Component: RequireLogin,
            children: [
              {
                index: true,
                lazy: () =>
                  import("@/features/home/routes/home-route").then(({ HomeRoute }) => ({ Component: HomeRoute })),
              },
              {
                path: "greet",
                lazy: () =>
                  import("@/features/auth/routes/landing-route").then(({ LandingRoute }) => ({
                    Component: LandingRoute,
                  })),
              },
              {
                // SPEC §2: shown only once the profile loaded; otherwise the gate's "You haven't logged in" box.
                path: "profile/:tabId?",
                lazy: () =>
                  import("@/features/profile/routes/profile-route").then(({ ProfileRoute }) => ({
                    Component: ProfileRoute,
                  })),
              },
              {
                path: "redirect",
                lazy: () =>
                  import("@/features/auth/routes/landing-route").then(({ LandingRoute }) => ({
                    Component: LandingRoute,
                  })),
              },
            ],
          },
          {
            // Outside the login gate: a logged-out visitor gets SPEC's own "Please Login." here.
            path: "subscription",
            lazy: () =>
              import("@/features/subscription/routes/subscription-route").then(({ SubscriptionRoute }) => ({
                Component: SubscriptionRoute,
              })),
          },
          {
            // SPEC §6: anyone may read the documentation. One route for every /document path: see DocsRoute.
            path: "document/*",
            lazy: () => import("@/features/docs/routes/docs-route").then(({ DocsRoute }) => ({ Component: DocsRoute })),
          },
          {
            path: "video-document",
            lazy: () =>
              import("@/features/docs/routes/video-docs-route").then(({ VideoDocsRoute }) => ({
                Component: VideoDocsRoute,
              })),
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
        lazy: () => import("@/features/auth/routes/login-route").then(({ LoginRoute }) => ({ Component: LoginRoute })),
      },
      {
        path: "login/find-user",
        lazy: () =>
          import("@/features/auth/routes/find-user-route").then(({ FindUserRoute }) => ({ Component: FindUserRoute })),
      },
      {
        path: "login/reset-password",
        lazy: () =>
          import("@/features/auth/routes/reset-password-route").then(({ ResetPasswordRoute }) => ({
            Component: ResetPasswordRoute,
          })),
      },
      {
        path: "register",
        lazy: () =>
          import("@/features/auth/routes/register-route").then(({ RegisterRoute }) => ({ Component: RegisterRoute })),
      },
      {
        path: "welcome",
        lazy: () =>
          import("@/features/auth/routes/welcome-route").then(({ WelcomeRoute }) => ({ Component: WelcomeRoute })),
      },
    ],
  },
]);
