import { LEGAL_DOCUMENT_PATHS, type LegalDocument } from "@precis/contract/docs-pages";
import { getCurrentLanguage } from "@/i18n";
import { LegalPage } from "../components/legal-page";
import { loadLegalPage } from "../content/legal-pages";

/** The document a path shows, as the router matches it (any case, a trailing slash); null for another path. */
function getLegalDocumentForPathname(pathname: string): LegalDocument | null {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  const documents = Object.keys(LEGAL_DOCUMENT_PATHS) as LegalDocument[];
  return documents.find((document) => LEGAL_DOCUMENT_PATHS[document] === path) ?? null;
}

/** Loads the text a legal page shows, so its prerendered copy hydrates without waiting on it (see main.tsx). */
export async function preloadLegalRoute(pathname: string) {
  const document = getLegalDocumentForPathname(pathname);
  if (document) await loadLegalPage(getCurrentLanguage(), document);
}

/** /terms: the Terms of Service, which registration asks every account to accept. */
export function TermsRoute() {
  return <LegalPage document="terms" />;
}

/** /privacy: the Privacy Policy, with this server's retention periods and privacy officer. */
export function PrivacyRoute() {
  return <LegalPage document="privacy" />;
}
