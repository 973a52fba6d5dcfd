import { isApiRequestError } from "@/lib/api-client";
import { getRefusedFields, isNetworkFailure } from "@/lib/api-failures";

/**
 * What a firm screen says after a refused call, as a key of the firm catalogue's `errors`. The server words each
 * refusal in English (apps/server/src/modules/firms/refusals.ts, service.ts, domains.ts); a French reader needs
 * them in French, so each known text maps to its key here. A text this table does not know falls back on what its
 * status says, so a reworded refusal still reads sensibly.
 */
export type FirmFailureKey =
  | "network"
  | "dnsUnavailable"
  | "tooManyDomainChecks"
  | "unknown"
  | "loggedOut"
  | "tooManyInvitations"
  | "tooManyAttempts"
  | "badRequest"
  | "notInFirm"
  | "adminsOnly"
  | "ownersOnly"
  | "forbidden"
  | "noSuchMember"
  | "noSuchInvitation"
  | "noSuchDomain"
  | "notFound"
  | "emailNotVerified"
  | "alreadyInFirm"
  | "lastOwner"
  | "useLeave"
  | "alreadyOwner"
  | "alreadyMember"
  | "alreadyMemberOfThisFirm"
  | "domainAlreadyYours"
  | "domainTaken"
  | "firmNameLookAlike"
  | "methodsNotOffered"
  | "policyLocksYouOut"
  | "domainPublic"
  | "domainSchool"
  | "domainNotYours"
  | "domainNotProven"
  | "invitationNotValid"
  | "invitationWrongAccount"
  | "invitationExpired"
  | "invitationUnknown"
  | "useSignOutEverywhere"
  | "linkUsedOrExpired"
  | "conflict"
  | BillingFailureKey;

/** Seats and billing's refusals (issue 44): their texts sit under the catalogue's `billing.errors`. */
export const billingFailureKeys = [
  "seatsFullForInvitation",
  "seatsFullForJoin",
  "paymentsNotConfigured",
  "stripeUnreachable",
  "stripeRefusedCancel",
  "alreadySubscribed",
  "noBillingAccount",
  "tooFewSeats",
] as const;
export type BillingFailureKey = (typeof billingFailureKeys)[number];
export const isBillingFailureKey = (key: FirmFailureKey): key is BillingFailureKey =>
  (billingFailureKeys as readonly string[]).includes(key);

export const knownFirmRefusals: Readonly<Record<string, FirmFailureKey>> = {
  "You are not a member of a firm.": "notInFirm",
  "Only the firm's owners and administrators can do this.": "adminsOnly",
  "Only the firm's owners can do this.": "ownersOnly",
  "This person is not a member of your firm.": "noSuchMember",
  "This invitation does not exist or is no longer open.": "noSuchInvitation",
  "Your firm has not added this domain.": "noSuchDomain",
  "Verify your email address first.": "emailNotVerified",
  "You already belong to a firm. Leave it before you create or join another.": "alreadyInFirm",
  "A firm always keeps at least one owner. Make another member an owner, or transfer ownership, first.": "lastOwner",
  "To leave the firm yourself, use Leave the firm.": "useLeave",
  "You are already an owner of this firm.": "alreadyOwner",
  "This person is already a member of your firm.": "alreadyMember",
  "You are already a member of this firm.": "alreadyMemberOfThisFirm",
  "Your firm has already added this domain.": "domainAlreadyYours",
  "Another firm has already added this domain.": "domainTaken",
  "Another firm already has this name, or one that looks the same. Choose another name.": "firmNameLookAlike",
  "Google and Microsoft sign-in are not available on this site. Keep the email and password allowed.":
    "methodsNotOffered",
  "You could no longer sign in under these methods. Keep one you use: your password, or Google or Microsoft once you have signed in with it here.":
    "policyLocksYouOut",
  "Public and internet providers' email domains, such as gmail.com or sympatico.ca, cannot be added: add your firm's own domain.":
    "domainPublic",
  "DNS did not answer, so the record could not be checked. Nothing was changed; try again in a few minutes.":
    "dnsUnavailable",
  "Too many DNS checks. Please wait a few minutes and try again.": "tooManyDomainChecks",
  "A school's domain cannot be added to a firm.": "domainSchool",
  "You can add only the domain of your own verified email address.": "domainNotYours",
  "This invitation link is not valid: it was already used or withdrawn. Ask the firm for a new invitation.":
    "invitationNotValid",
  "This link has expired or was already used. Ask for a new one.": "linkUsedOrExpired",
  "This invitation was sent to another email address. Sign in with the account of the invited address to accept it.":
    "invitationWrongAccount",
  "This invitation has expired. Ask the firm to send it again.": "invitationExpired",
  "This invitation link is not valid: it has expired, or was already used, declined or withdrawn. Ask the firm for a new invitation.":
    "invitationUnknown",
  "To end your own sessions, use Sign out everywhere in your Security settings: it keeps this device signed in.":
    "useSignOutEverywhere",
  "Too many invitations were sent. Please wait and try again later.": "tooManyInvitations",
  "Too many attempts. Please wait an hour and try again.": "tooManyAttempts",
  "Every seat your firm has bought is taken or held by an open invitation. Add seats, or revoke an invitation, first.":
    "seatsFullForInvitation",
  "Every seat of this firm is taken. Ask the firm's owner to add seats, then try again.": "seatsFullForJoin",
  "Payments are not configured on this server.": "paymentsNotConfigured",
  "Stripe could not be reached. Nothing was changed; try again in a few minutes.": "stripeUnreachable",
  "Stripe did not cancel the firm's subscription, so the firm was not closed. Try again in a few minutes.":
    "stripeRefusedCancel",
  "Your firm already has a subscription. Change its seats in Manage billing.": "alreadySubscribed",
  "Your firm has no billing account yet. Buy seats first.": "noBillingAccount",
};

/** A refusal whose text this app does not know (reworded, or new), by its status alone. */
const firmFailureByStatus: Partial<Record<number, FirmFailureKey>> = {
  400: "badRequest",
  401: "loggedOut",
  403: "forbidden",
  404: "notFound",
  409: "conflict",
  410: "invitationExpired",
};

export type FirmFailure = { key: FirmFailureKey; retryAfterSeconds: number | null };

export function getFirmFailure(error: unknown): FirmFailure {
  const failure = (key: FirmFailureKey, retryAfterSeconds: number | null = null) => ({ key, retryAfterSeconds });
  if (!isApiRequestError(error)) return failure(isNetworkFailure(error) ? "network" : "unknown");
  const known = error.apiError ? knownFirmRefusals[error.apiError.message] : undefined;
  if (error.status === 429) return failure(known ?? "tooManyAttempts", error.retryAfterSeconds);
  if (known) return failure(known);
  if (getRefusedFields(error).includes("emailVerification")) return failure("emailNotVerified");
  // "Prove that <domain> is your firm's…" names the domain, so it too is known by its field.
  if (error.status === 409 && getRefusedFields(error).includes("body.joinMode")) return failure("domainNotProven");
  // "Buy at least N seats…" names the member count, so it is known by its field rather than its text.
  if (error.status === 400 && getRefusedFields(error).includes("seats")) return failure("tooFewSeats");
  return failure(firmFailureByStatus[error.status] ?? "unknown");
}

/** Whether the failed call's answer says the caller is no longer in a firm: the page then shows its firm-less state. */
export const isNoLongerInFirm = (error: unknown) => getFirmFailure(error).key === "notInFirm";
