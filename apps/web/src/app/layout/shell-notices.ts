import type { Profile } from "@precis/contract/profile";
import type { QueryClient } from "@tanstack/react-query";
import { lazyWithPreload } from "react-lazy-with-preload";
import { i18n } from "@/i18n";
import { entitlementQueryOptions, mayNeedAccessNotice } from "@/lib/entitlement";

/*
 * The notices the app shell shows above a signed-in page. Each loads, with its texts, only for an account
 * that shows it: every other visit loads none of it. Before the first
 * render, main.tsx loads the ones this account will show (preloadAccountNotices): arriving after the page, a
 * banner pushed the whole page down (Lighthouse measured a layout shift of 0.11 on every signed-in page of an
 * unverified account).
 */
export const VerificationBanner = lazyWithPreload(() =>
  import("@/features/verification/components/verification-banner").then(({ VerificationBanner }) => ({
    default: VerificationBanner,
  })),
);
export const DeletionBanner = lazyWithPreload(() =>
  import("@/features/privacy/components/deletion-banner").then(({ DeletionBanner }) => ({
    default: DeletionBanner,
  })),
);
export const ConsentPrompt = lazyWithPreload(() =>
  import("@/features/privacy/components/consent-prompt").then(({ ConsentPrompt }) => ({ default: ConsentPrompt })),
);

/** The page that asks for the code itself: no banner above it. */
export const VERIFY_EMAIL_PATH = "/verify-email";
/** The emailed link's page cancels the deletion itself: no banner above it. */
export const CANCEL_DELETION_PATH = "/account/deletion/cancel";
/** The documents the consent prompt links to, opened in a tab of their own: readable, not hidden by the prompt. */
export const LEGAL_PATHS = new Set(["/terms", "/privacy"]);

/**
 * Loads the code and texts of every notice the shell will show this account on this page, and the access
 * that home and the profile explain to an unverified or a student account (their notice pushed home's
 * actions down when it came after them: a layout shift of 0.27 in Lighthouse).
 */
export async function preloadAccountNotices(
  profile: Profile | null | undefined,
  pathname: string,
  queryClient: QueryClient,
) {
  if (!profile) return;
  // As the shell decides (app-shell.tsx).
  const loads: Promise<unknown>[] = [];
  if (profile.emailVerified === false && pathname !== VERIFY_EMAIL_PATH) {
    loads.push(VerificationBanner.preload(), i18n.loadNamespaces(["verification", "auth"]));
  }
  if (profile.deletionScheduledFor && pathname !== CANCEL_DELETION_PATH) {
    loads.push(DeletionBanner.preload(), i18n.loadNamespaces("privacy"));
  }
  if (profile.mustAcceptTerms && !LEGAL_PATHS.has(pathname)) {
    loads.push(ConsentPrompt.preload(), i18n.loadNamespaces("privacy"));
  }
  if (mayNeedAccessNotice(profile)) {
    // With the texts of its notices (components/access-notices.tsx).
    loads.push(queryClient.prefetchQuery(entitlementQueryOptions()), i18n.loadNamespaces("access"));
  }
  await Promise.all(loads);
}
