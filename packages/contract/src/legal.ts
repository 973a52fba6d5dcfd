import { z } from "zod/mini";
import { LEGAL_DOCUMENTS } from "./docs-pages.ts";

// The versions in force and the pages' paths are defined without zod in docs-pages.ts (the pages and the site's
// footer load them at first paint); they are the same values here, for the server and the consent schemas.
export { LEGAL_DOCUMENT_PATHS, LEGAL_DOCUMENTS, type LegalDocument } from "./docs-pages.ts";

/** `POST /api/consents`: accept the versions in force (the ones the page showed). */
export const acceptConsentsRequestSchema = z.strictObject({
  terms: z.literal(LEGAL_DOCUMENTS.terms.version),
  privacy: z.literal(LEGAL_DOCUMENTS.privacy.version),
});

export const consentRecordSchema = z.object({
  document: z.enum(["terms", "privacy"]),
  version: z.string(),
  acceptedAt: z.iso.datetime(),
});

/** `GET /api/consents`: the versions in force, what the account accepted, and whether it must accept again. */
export const consentsResponseSchema = z.object({
  current: z.object({ terms: z.string(), privacy: z.string() }),
  accepted: z.array(consentRecordSchema),
  isUpToDate: z.boolean(),
});

/**
 * The provinces and territories whose law may govern the Terms of Service (GOVERNING_LAW_PROVINCE), by their
 * Canada Post codes. A code rather than a name: the pages write it in each language, with its preposition
 * ("in Quebec", « au Québec »).
 */
export const canadianJurisdictions = [
  "AB",
  "BC",
  "MB",
  "NB",
  "NL",
  "NS",
  "NT",
  "NU",
  "ON",
  "PE",
  "QC",
  "SK",
  "YT",
] as const;
export type CanadianJurisdiction = (typeof canadianJurisdictions)[number];
