import { ACCESSIBILITY_STATEMENT_PATH, LEGAL_DOCUMENT_PATHS } from "@precis/contract/docs-pages";
import { getCurrentLanguage } from "@/i18n";
import { LegalPage } from "../components/legal-page";
import { type LegalPageId, loadLegalPage } from "../content/legal-pages";

const LEGAL_PAGE_PATHS: Record<LegalPageId, string> = {
  ...LEGAL_DOCUMENT_PATHS,
  accessibility: ACCESSIBILITY_STATEMENT_PATH,
};

/** The page a path shows, as the router matches it (any case, a trailing slash); null for another path. */
function getLegalPageForPathname(pathname: string): LegalPageId | null {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  const pages = Object.keys(LEGAL_PAGE_PATHS) as LegalPageId[];
  return pages.find((page) => LEGAL_PAGE_PATHS[page] === path) ?? null;
}

/** Loads the text a legal page shows, so its prerendered copy hydrates without waiting on it (see main.tsx). */
export async function preloadLegalRoute(pathname: string) {
  const page = getLegalPageForPathname(pathname);
  if (page) await loadLegalPage(getCurrentLanguage(), page);
}

/** /terms: the Terms of Service, which registration asks every account to accept. */
export function TermsRoute() {
  return <LegalPage document="terms" />;
}

/** /privacy: the Privacy Policy, with this server's retention periods and privacy officer. */
export function PrivacyRoute() {
  return <LegalPage document="privacy" />;
}

/** /accessibility: what the site aims for, how it is tested, what it does not yet do, and whom to tell. */
export function AccessibilityRoute() {
  return <LegalPage document="accessibility" />;
}
