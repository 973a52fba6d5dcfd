import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { NotLoggedInResult } from "@/components/not-logged-in-result";
import { PageLoadFailed } from "@/components/page-load-failed";
import { PageLoader } from "@/components/page-loader";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useUserDetails } from "@/lib/get-user-details";

/** Renders the child route only once the profile is known to exist (SPEC §2, §6). */
export function RequireLogin() {
  const { data, isPending, isError, refetch, isRefetching } = useUserDetails();
  if (isPending) return <PageLoader />;
  // Keep showing the page if a background refresh fails after a successful load.
  if (isError && !data) return <ProfileLoadFailed onRetry={() => void refetch()} isRetrying={isRefetching} />;
  if (!data?.userProfile) return <NotLoggedInResult />;
  return <Outlet />;
}

function ProfileLoadFailed({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  const { t } = useTranslation("shell");
  useDocumentTitle(t("profileLoadFailed.pageTitle"));
  return (
    <PageLoadFailed
      title={t("profileLoadFailed.title")}
      description={t("profileLoadFailed.description")}
      retryLabel={t("profileLoadFailed.retry")}
      isRetrying={isRetrying}
      onRetry={onRetry}
    />
  );
}
