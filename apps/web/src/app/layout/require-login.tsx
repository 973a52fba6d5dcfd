import { Outlet } from "react-router";
import { NotLoggedInResult } from "@/components/not-logged-in-result";
import { PageLoader } from "@/components/page-loader";
import { useUserDetails } from "@/lib/get-user-details";

/**
 * Renders the child route only once the profile is known to exist (product §2, §6). A profile that failed to load
 * is one that did not load: SPEC's "You haven't logged in" box with Login Now (issue 58). A background refresh
 * that fails after a successful load keeps the page.
 */
export function RequireLogin() {
  const { data, isPending } = useUserDetails();
  if (isPending) return <PageLoader />;
  if (!data?.userProfile) return <NotLoggedInResult />;
  return <Outlet />;
}
