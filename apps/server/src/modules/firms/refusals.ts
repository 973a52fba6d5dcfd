/*
 * Every way a firm operation can be refused, as its service returns it (decision 046): what happened, with the
 * facts its answer names, and no word of the answer itself. A service's return type names the ones it can return;
 * each one's status and text are in responses.ts.
 */
export type FirmRefusal =
  // The caller, their firm, their role.
  | { readonly outcome: "notInFirm" }
  | { readonly outcome: "adminsOnly" }
  | { readonly outcome: "ownersOnly" }
  | { readonly outcome: "emailNotVerified" }
  | { readonly outcome: "alreadyInFirm" }
  | { readonly outcome: "alreadyInThisFirm" }
  | { readonly outcome: "firmNameLookAlike" }
  // Policies.
  | { readonly outcome: "methodsNotOffered" }
  | { readonly outcome: "policyLocksYouOut" }
  // Leaving by an emailed link.
  | { readonly outcome: "linkUsedOrExpired" }
  // Members.
  | { readonly outcome: "noSuchMember" }
  | { readonly outcome: "lastOwner" }
  | { readonly outcome: "removingSelf" }
  | { readonly outcome: "alreadyOwner" }
  | { readonly outcome: "endingOwnSessions" }
  // Invitations.
  | { readonly outcome: "inviteeAlreadyMember" }
  | { readonly outcome: "noSuchInvitation" }
  | { readonly outcome: "invitationNotValid" }
  | { readonly outcome: "invitationForAnotherAddress" }
  | { readonly outcome: "invitationExpired" }
  | { readonly outcome: "invitationUnknown" }
  // Domains.
  | { readonly outcome: "noSuchDomain" }
  | { readonly outcome: "publicDomain" }
  | { readonly outcome: "academicDomain" }
  | { readonly outcome: "notOwnDomain" }
  | { readonly outcome: "domainAddedByThisFirm" }
  | { readonly outcome: "domainAddedByAnotherFirm" }
  | { readonly outcome: "domainNotAdded"; readonly domain: string }
  | { readonly outcome: "domainByInvitationOnly"; readonly domain: string }
  | { readonly outcome: "domainNotProven"; readonly domain: string }
  | { readonly outcome: "dnsUnavailable" }
  // Seats and billing.
  | { readonly outcome: "seatsFullForInvitation"; readonly held: number; readonly seats: number }
  | { readonly outcome: "seatsFullForJoin"; readonly seats: number }
  | { readonly outcome: "subscriptionRunning" }
  | { readonly outcome: "tooFewSeats"; readonly members: number }
  | { readonly outcome: "noBillingAccount" }
  | { readonly outcome: "paymentsNotConfigured" }
  | { readonly outcome: "stripeUnreachable" }
  | { readonly outcome: "cancellationRefused" };

export type FirmRefusalKind = FirmRefusal["outcome"];
