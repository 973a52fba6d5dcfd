import type { ApiError } from "@precis/contract/api";
import {
  answerFromFacts,
  apiFailure,
  type FailureAnswer,
  type FailureResponses,
} from "../../lib/operations/failures.ts";
import type * as callerFirm from "./caller-firm.ts";
import type * as domainJoin from "./domain-join.ts";
import type * as domains from "./domains.ts";
import type * as firm from "./firm.ts";
import type * as invitations from "./invitations.ts";
import type * as leaveLink from "./leave-link.ts";
import type * as members from "./members.ts";
import type { FirmRefusal, FirmRefusalKind } from "./refusals.ts";
import type * as seatCheckout from "./seat-checkout.ts";

/** The words of an answer whose status its entry declares (answerFromFacts). */
const failureText = (message: string, fields?: ApiError["fields"]) => (fields ? { message, fields } : { message });

/** A refusal's answer: fixed, or written from the facts the refusal carries (a domain, a seat count). */
type FirmFailure<Kind extends FirmRefusalKind> =
  | FailureAnswer
  | (((refusal: Extract<FirmRefusal, { outcome: Kind }>) => FailureAnswer) & { readonly statusCode: number });

/**
 * What each refusal of the firm operations answers, each once: a refusal the table misses fails type-checking.
 * The texts are the API's, word for word as the portal and the typed client have always read them.
 */
export const firmRefusalAnswers = {
  notInFirm: apiFailure(404, "You are not a member of a firm."),
  adminsOnly: apiFailure(403, "Only the firm's owners and administrators can do this."),
  ownersOnly: apiFailure(403, "Only the firm's owners can do this."),
  emailNotVerified: apiFailure(403, "Verify your email address first.", [
    { path: "emailVerification", message: "is required: the account's email address is not verified" },
  ]),
  alreadyInFirm: apiFailure(409, "You already belong to a firm. Leave it before you create or join another."),
  alreadyInThisFirm: apiFailure(409, "You are already a member of this firm."),
  // Names no firm: whether the name is taken is all it says, as for a username.
  firmNameLookAlike: apiFailure(
    409,
    "Another firm already has this name, or one that looks the same. Choose another name.",
    [{ path: "body.name", message: "looks the same as another firm's name" }],
  ),
  // A policy that would lock the firm out (issue 56, finding 2): refused before anything is saved.
  methodsNotOffered: apiFailure(
    409,
    "Google and Microsoft sign-in are not available on this site. Keep the email and password allowed.",
    [{ path: "body.policies.signInMethods", message: "allows only methods this site does not offer" }],
  ),
  policyLocksYouOut: apiFailure(
    409,
    "You could no longer sign in under these methods. Keep one you use: your password, or Google or Microsoft once you have signed in with it here.",
    [{ path: "body.policies.signInMethods", message: "leaves you no method you can sign in with" }],
  ),
  // Leaving by an emailed link (leave-link.ts): its token, spent, expired or unknown.
  linkUsedOrExpired: apiFailure(401, "This link has expired or was already used. Ask for a new one.", [
    { path: "token", message: "has expired or was used" },
  ]),
  noSuchMember: apiFailure(404, "This person is not a member of your firm."),
  lastOwner: apiFailure(
    409,
    "A firm always keeps at least one owner. Make another member an owner, or transfer ownership, first.",
  ),
  removingSelf: apiFailure(409, "To leave the firm yourself, use Leave the firm."),
  alreadyOwner: apiFailure(409, "You are already an owner of this firm."),
  endingOwnSessions: apiFailure(
    409,
    "To end your own sessions, use Sign out everywhere in your Security settings: it keeps this device signed in.",
  ),
  inviteeAlreadyMember: apiFailure(409, "This person is already a member of your firm."),
  noSuchInvitation: apiFailure(404, "This invitation does not exist or is no longer open."),
  invitationNotValid: apiFailure(
    404,
    "This invitation link is not valid: it was already used or withdrawn. Ask the firm for a new invitation.",
  ),
  // Says nothing of whom the invitation was for.
  invitationForAnotherAddress: apiFailure(
    403,
    "This invitation was sent to another email address. Sign in with the account of the invited address to accept it.",
    [{ path: "email", message: "is not the invited address" }],
  ),
  invitationExpired: apiFailure(410, "This invitation has expired. Ask the firm to send it again."),
  // The join screen's read and decline: one answer whatever became of the token, so none is told apart.
  invitationUnknown: apiFailure(
    404,
    "This invitation link is not valid: it has expired, or was already used, declined or withdrawn. Ask the firm for a new invitation.",
    [{ path: "body.token", message: "is not the token of an open invitation" }],
  ),
  noSuchDomain: apiFailure(404, "Your firm has not added this domain."),
  publicDomain: apiFailure(
    400,
    "Public and internet providers' email domains, such as gmail.com or sympatico.ca, cannot be added: add your firm's own domain.",
    [{ path: "body.domain", message: "is a public email domain" }],
  ),
  academicDomain: apiFailure(400, "A school's domain cannot be added to a firm.", [
    { path: "body.domain", message: "is an academic domain" },
  ]),
  notOwnDomain: apiFailure(403, "You can add only the domain of your own verified email address.", [
    { path: "body.domain", message: "is not the domain of your verified email address" },
  ]),
  domainAddedByThisFirm: apiFailure(409, "Your firm has already added this domain."),
  domainAddedByAnotherFirm: apiFailure(409, "Another firm has already added this domain."),
  domainNotAdded: answerFromFacts(404, ({ domain }: { domain: string }) =>
    failureText(`This firm has not added ${domain}, the domain of your email address.`, [
      { path: "firmId", message: "is not a firm your email address's domain belongs to" },
    ]),
  ),
  domainByInvitationOnly: answerFromFacts(403, ({ domain }: { domain: string }) =>
    failureText(
      `This firm admits people at ${domain} by invitation only. Ask its owners or administrators to invite you.`,
      [{ path: "firmId", message: "takes people at this domain by invitation only" }],
    ),
  ),
  domainNotProven: answerFromFacts(409, ({ domain }: { domain: string }) =>
    failureText(
      `Prove that ${domain} is your firm's before people there can join without an invitation: publish the DNS record shown under Domains, then choose Check now.`,
      [
        {
          path: "body.joinMode",
          message: "needs the domain's DNS proof: only invitation is open to an unproven domain",
        },
      ],
    ),
  ),
  dnsUnavailable: apiFailure(
    503,
    "DNS did not answer, so the record could not be checked. Nothing was changed; try again in a few minutes.",
  ),
  seatsFullForInvitation: answerFromFacts(409, ({ held, seats }: { held: number; seats: number }) =>
    failureText(
      "Every seat your firm has bought is taken or held by an open invitation. Add seats, or revoke an invitation, first.",
      [{ path: "seats", message: `${held} of ${seats} seats are taken or held by open invitations` }],
    ),
  ),
  seatsFullForJoin: answerFromFacts(409, ({ seats }: { seats: number }) =>
    failureText("Every seat of this firm is taken. Ask the firm's owner to add seats, then try again.", [
      { path: "seats", message: `all ${seats} seats are taken` },
    ]),
  ),
  subscriptionRunning: apiFailure(409, "Your firm already has a subscription. Change its seats in Manage billing."),
  tooFewSeats: answerFromFacts(400, ({ members }: { members: number }) =>
    failureText(`Buy at least ${members} seats: one for each member of your firm.`, [
      { path: "seats", message: `must be at least ${members}, the firm's member count` },
    ]),
  ),
  noBillingAccount: apiFailure(409, "Your firm has no billing account yet. Buy seats first."),
  paymentsNotConfigured: apiFailure(503, "Payments are not configured on this server."),
  stripeUnreachable: apiFailure(503, "Stripe could not be reached. Nothing was changed; try again in a few minutes."),
  cancellationRefused: apiFailure(
    503,
    "Stripe did not cancel the firm's subscription, so the firm was not closed. Try again in a few minutes.",
  ),
} satisfies { readonly [Kind in FirmRefusalKind]: FirmFailure<Kind> };

const {
  notInFirm,
  adminsOnly,
  ownersOnly,
  emailNotVerified,
  alreadyInFirm,
  alreadyInThisFirm,
  firmNameLookAlike,
  methodsNotOffered,
  policyLocksYouOut,
  noSuchMember,
  lastOwner,
  removingSelf,
  alreadyOwner,
  inviteeAlreadyMember,
  noSuchInvitation,
  invitationNotValid,
  invitationForAnotherAddress,
  invitationExpired,
  invitationUnknown,
  endingOwnSessions,
  noSuchDomain,
  publicDomain,
  academicDomain,
  notOwnDomain,
  domainAddedByThisFirm,
  domainAddedByAnotherFirm,
  domainNotAdded,
  domainByInvitationOnly,
  domainNotProven,
  dnsUnavailable,
  seatsFullForInvitation,
  seatsFullForJoin,
  subscriptionRunning,
  tooFewSeats,
  noBillingAccount,
  paymentsNotConfigured,
  stripeUnreachable,
  cancellationRefused,
  linkUsedOrExpired,
} = firmRefusalAnswers;

/** Every firm service, by name: each route's table below is keyed by the service it answers for. */
type FirmServices = typeof callerFirm &
  typeof domainJoin &
  typeof domains &
  typeof firm &
  typeof invitations &
  typeof leaveLink &
  typeof members &
  typeof seatCheckout;

/** The refusals a service can return: its outcomes that are firm refusals (refusals.ts), not its successes. */
type RefusalsOf<Service> = Service extends (...args: never[]) => Promise<infer Result extends { outcome: string }>
  ? Extract<Result["outcome"], FirmRefusalKind>
  : never;

/**
 * Each firm route's failures, under its service's name: exactly the refusals the service can return, so that the
 * route's OpenAPI entry declares the statuses it can answer and no other. A refusal missing from a table, or one
 * its service cannot return, fails type-checking.
 */
export const firmFailures = {
  createFirm: { emailNotVerified, alreadyInFirm, firmNameLookAlike },
  updateFirm: { notInFirm, adminsOnly, methodsNotOffered, policyLocksYouOut, firmNameLookAlike },
  deleteFirm: { notInFirm, ownersOnly, paymentsNotConfigured, cancellationRefused },
  startFirmCheckout: {
    notInFirm,
    ownersOnly,
    subscriptionRunning,
    tooFewSeats,
    paymentsNotConfigured,
    stripeUnreachable,
  },
  openFirmBillingPortal: { notInFirm, ownersOnly, paymentsNotConfigured, noBillingAccount, stripeUnreachable },
  listMembers: { notInFirm, adminsOnly },
  changeMemberRole: { notInFirm, adminsOnly, noSuchMember, ownersOnly, lastOwner },
  removeMember: { notInFirm, adminsOnly, noSuchMember, removingSelf, ownersOnly },
  endMemberSessions: { notInFirm, adminsOnly, noSuchMember, endingOwnSessions, ownersOnly },
  leaveFirm: { notInFirm, lastOwner },
  transferOwnership: { notInFirm, ownersOnly, alreadyOwner, noSuchMember },
  listInvitations: { notInFirm, adminsOnly },
  inviteToFirm: { notInFirm, adminsOnly, inviteeAlreadyMember, seatsFullForInvitation },
  revokeInvitation: { notInFirm, adminsOnly, noSuchInvitation },
  acceptInvitation: {
    invitationNotValid,
    invitationForAnotherAddress,
    emailNotVerified,
    invitationExpired,
    alreadyInThisFirm,
    alreadyInFirm,
    seatsFullForJoin,
  },
  previewInvitation: { invitationUnknown },
  declineInvitation: { invitationUnknown },
  joinFirmByDomain: {
    emailNotVerified,
    alreadyInThisFirm,
    alreadyInFirm,
    domainNotAdded,
    domainByInvitationOnly,
    seatsFullForJoin,
  },
  findAdminFirmId: { notInFirm, adminsOnly },
  listDomains: { notInFirm, adminsOnly },
  addDomain: {
    notInFirm,
    adminsOnly,
    publicDomain,
    academicDomain,
    notOwnDomain,
    domainNotProven,
    domainAddedByThisFirm,
    domainAddedByAnotherFirm,
  },
  updateDomain: { notInFirm, adminsOnly, noSuchDomain, domainNotProven },
  checkDomain: { notInFirm, adminsOnly, noSuchDomain, dnsUnavailable },
  removeDomain: { notInFirm, adminsOnly, noSuchDomain },
  leaveByLink: { linkUsedOrExpired, notInFirm, lastOwner },
} satisfies { readonly [Name in keyof FirmServices]?: FailureResponses<RefusalsOf<FirmServices[Name]>> };

/** The rate limits' refusals (429), as enforceRateLimits answers them. */
export const firmRateLimitMessages = {
  invitations: "Too many invitations were sent. Please wait and try again later.",
  accepts: "Too many attempts. Please wait an hour and try again.",
  domainChecks: "Too many DNS checks. Please wait a few minutes and try again.",
};
