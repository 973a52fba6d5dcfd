import { z } from "zod/mini";

/**
 * The versions of the Terms of Service and the Privacy Policy in force: a date each, changed whenever the text
 * changes in substance. Accounts that accepted an older one are asked once to accept these before going on.
 */
export const LEGAL_DOCUMENTS = {
  terms: { version: "2026-11-25", effectiveDate: "2026-11-25" },
  privacy: { version: "2026-11-25", effectiveDate: "2026-11-25" },
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

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
