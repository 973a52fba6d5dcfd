import { LEGAL_DOCUMENTS, type LegalDocument } from "@precis/contract/legal";
import { asc, eq } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { consents, users } from "../../db/schema/index.ts";

const DOCUMENTS = Object.keys(LEGAL_DOCUMENTS) as LegalDocument[];

/**
 * Records, in the caller's transaction, that the account accepted the versions in force now: at registration
 * (its form's checkbox; the confirmation of a Google or Microsoft registration) and when asked after a change.
 * The history is in `consents`; the account's row keeps the latest, so reading the profile costs no query more.
 */
export async function recordConsents(db: AppDatabase, userId: number, now: Date) {
  await db
    .insert(consents)
    .values(
      DOCUMENTS.map((document) => ({ userId, document, version: LEGAL_DOCUMENTS[document].version, acceptedAt: now })),
    )
    .onConflictDoNothing();
  await db
    .update(users)
    .set({
      acceptedTermsVersion: LEGAL_DOCUMENTS.terms.version,
      acceptedPrivacyVersion: LEGAL_DOCUMENTS.privacy.version,
    })
    .where(eq(users.id, userId));
}

/** Whether an account has accepted every version in force (from its row). */
export const hasAcceptedCurrentVersions = (user: {
  acceptedTermsVersion: string | null;
  acceptedPrivacyVersion: string | null;
}) =>
  user.acceptedTermsVersion === LEGAL_DOCUMENTS.terms.version &&
  user.acceptedPrivacyVersion === LEGAL_DOCUMENTS.privacy.version;

/** The account's consents, oldest first. */
export const listConsents = (db: AppDatabase, userId: number) =>
  db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.id));
