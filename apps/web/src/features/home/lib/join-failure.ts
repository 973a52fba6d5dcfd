import { isApiRequestError } from "@/lib/api-client";
import { getRefusedFields, isNetworkFailure } from "@/lib/api-failures";

/** What Home says when the suggested firm refuses the join, as a key of the home catalogue's `firmSuggestion.errors`. */
export type JoinFailureKey =
  | "seatsFull"
  | "alreadyInFirm"
  | "emailNotVerified"
  | "noLongerSuggested"
  | "tooManyAttempts"
  | "network"
  | "unknown";

/**
 * The server words each refusal in English (apps/server/src/modules/firms/domain-join.ts, seats.ts, refusals.ts);
 * the ones a join by domain can meet map to Home's own texts, so a French reader reads them in French. The firm
 * feature has the full table, but features do not import each other, and Home needs only these.
 */
const knownRefusals: Readonly<Record<string, JoinFailureKey>> = {
  "Every seat of this firm is taken. Ask the firm's owner to add seats, then try again.": "seatsFull",
  "You already belong to a firm. Leave it before you create or join another.": "alreadyInFirm",
  "You are already a member of this firm.": "alreadyInFirm",
  "Verify your email address first.": "emailNotVerified",
};

export function getJoinFailure(error: unknown): JoinFailureKey {
  if (!isApiRequestError(error)) return isNetworkFailure(error) ? "network" : "unknown";
  const known = error.apiError ? knownRefusals[error.apiError.message] : undefined;
  if (known) return known;
  if (error.status === 429) return "tooManyAttempts";
  if (getRefusedFields(error).includes("emailVerification")) return "emailNotVerified";
  // The firm no longer suggests itself: its domain was removed, or now takes people by invitation only.
  if ((error.status === 404 || error.status === 403) && getRefusedFields(error).includes("firmId")) {
    return "noLongerSuggested";
  }
  if (error.status === 409) return "alreadyInFirm";
  return "unknown";
}
