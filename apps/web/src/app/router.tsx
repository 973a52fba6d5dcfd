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
            ],
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
]);
