/*
 * Why a firm operation was refused, as the services know it: what happened, with the facts its answer names, and
 * no word of the answer itself. Each reason's status and text are in responses.ts, the one table of the firm
 * routes' failures.
 */
export type FirmRefusalReason =
  // The caller, their firm, their role.
  | { readonly kind: "notInFirm" }
  | { readonly kind: "adminsOnly" }
  | { readonly kind: "ownersOnly" }
  | { readonly kind: "emailNotVerified" }
  | { readonly kind: "alreadyInFirm" }
  | { readonly kind: "alreadyInThisFirm" }
  | { readonly kind: "firmNameLookAlike" }
  // Policies.
  | { readonly kind: "methodsNotOffered" }
  | { readonly kind: "policyLocksYouOut" }
  // Members.
  | { readonly kind: "noSuchMember" }
  | { readonly kind: "lastOwner" }
  | { readonly kind: "removingSelf" }
  | { readonly kind: "alreadyOwner" }
  // Invitations.
  | { readonly kind: "inviteeAlreadyMember" }
  | { readonly kind: "noSuchInvitation" }
  | { readonly kind: "invitationNotValid" }
  | { readonly kind: "invitationForAnotherAddress" }
  | { readonly kind: "invitationExpired" }
  // Domains.
  | { readonly kind: "noSuchDomain" }
  | { readonly kind: "publicDomain" }
  | { readonly kind: "academicDomain" }
  | { readonly kind: "notOwnDomain" }
  | { readonly kind: "domainAddedByThisFirm" }
  | { readonly kind: "domainAddedByAnotherFirm" }
  | { readonly kind: "domainNotAdded"; readonly domain: string }
  | { readonly kind: "domainByInvitationOnly"; readonly domain: string }
  | { readonly kind: "domainNotProven"; readonly domain: string }
  | { readonly kind: "dnsUnavailable" }
  // Seats and billing.
  | { readonly kind: "seatsFullForInvitation"; readonly held: number; readonly seats: number }
  | { readonly kind: "seatsFullForJoin"; readonly seats: number }
  | { readonly kind: "subscriptionRunning" }
  | { readonly kind: "tooFewSeats"; readonly members: number }
  | { readonly kind: "noBillingAccount" }
  | { readonly kind: "paymentsNotConfigured" }
  | { readonly kind: "stripeUnreachable" }
  | { readonly kind: "cancellationRefused" };

export type FirmRefusalKind = FirmRefusalReason["kind"];

/**
 * A firm operation's refusal. Services throw it inside their transaction, so the transaction rolls back and a
 * refused request writes nothing; the routes answer its reason from the failure table (responses.ts).
 */
export class FirmRefusal extends Error {
  constructor(readonly reason: FirmRefusalReason) {
    super(`firm operation refused: ${reason.kind}`);
  }
}

/** A refusal without facts of its own, ready to throw (its kind alone is the whole reason, whatever TypeScript says). */
const refusalOf = (kind: Exclude<FirmRefusalKind, FirmRefusalWithFacts["kind"]>) => () =>
  new FirmRefusal({ kind } as FirmRefusalReason);
type FirmRefusalWithFacts = Extract<FirmRefusalReason, { domain: string } | { seats: number } | { members: number }>;

export const refusals = {
  notInFirm: refusalOf("notInFirm"),
  adminsOnly: refusalOf("adminsOnly"),
  ownersOnly: refusalOf("ownersOnly"),
  emailNotVerified: refusalOf("emailNotVerified"),
  alreadyInFirm: refusalOf("alreadyInFirm"),
  alreadyInThisFirm: refusalOf("alreadyInThisFirm"),
  firmNameLookAlike: refusalOf("firmNameLookAlike"),
  methodsNotOffered: refusalOf("methodsNotOffered"),
  policyLocksYouOut: refusalOf("policyLocksYouOut"),
  noSuchMember: refusalOf("noSuchMember"),
  lastOwner: refusalOf("lastOwner"),
  removingSelf: refusalOf("removingSelf"),
  alreadyOwner: refusalOf("alreadyOwner"),
  inviteeAlreadyMember: refusalOf("inviteeAlreadyMember"),
  noSuchInvitation: refusalOf("noSuchInvitation"),
  invitationNotValid: refusalOf("invitationNotValid"),
  invitationForAnotherAddress: refusalOf("invitationForAnotherAddress"),
  invitationExpired: refusalOf("invitationExpired"),
  noSuchDomain: refusalOf("noSuchDomain"),
  publicDomain: refusalOf("publicDomain"),
  academicDomain: refusalOf("academicDomain"),
  notOwnDomain: refusalOf("notOwnDomain"),
  domainAddedByThisFirm: refusalOf("domainAddedByThisFirm"),
  domainAddedByAnotherFirm: refusalOf("domainAddedByAnotherFirm"),
  domainNotAdded: (domain: string) => new FirmRefusal({ kind: "domainNotAdded", domain }),
  domainByInvitationOnly: (domain: string) => new FirmRefusal({ kind: "domainByInvitationOnly", domain }),
  domainNotProven: (domain: string) => new FirmRefusal({ kind: "domainNotProven", domain }),
  dnsUnavailable: refusalOf("dnsUnavailable"),
  seatsFullForInvitation: (held: number, seats: number) =>
    new FirmRefusal({ kind: "seatsFullForInvitation", held, seats }),
  seatsFullForJoin: (seats: number) => new FirmRefusal({ kind: "seatsFullForJoin", seats }),
  subscriptionRunning: refusalOf("subscriptionRunning"),
  tooFewSeats: (members: number) => new FirmRefusal({ kind: "tooFewSeats", members }),
  noBillingAccount: refusalOf("noBillingAccount"),
  paymentsNotConfigured: refusalOf("paymentsNotConfigured"),
  stripeUnreachable: refusalOf("stripeUnreachable"),
  cancellationRefused: refusalOf("cancellationRefused"),
};
