import type { ApiError } from "@precis/contract/api";

/**
 * A firm operation's refusal. Services throw it inside their transaction, so the transaction rolls back and a
 * refused request writes nothing; the routes answer it as the API's error body.
 */
export class FirmRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409 | 410 | 503,
    message: string,
    readonly fields?: ApiError["fields"],
  ) {
    super(message);
  }
}

export const refusals = {
  notInFirm: () => new FirmRefusal(404, "You are not a member of a firm."),
  adminsOnly: () => new FirmRefusal(403, "Only the firm's owners and administrators can do this."),
  ownersOnly: () => new FirmRefusal(403, "Only the firm's owners can do this."),
  noSuchMember: () => new FirmRefusal(404, "This person is not a member of your firm."),
  noSuchInvitation: () => new FirmRefusal(404, "This invitation does not exist or is no longer open."),
  noSuchDomain: () => new FirmRefusal(404, "Your firm has not added this domain."),
  emailNotVerified: () =>
    new FirmRefusal(403, "Verify your email address first.", [
      { path: "emailVerification", message: "is required: the account's email address is not verified" },
    ]),
  alreadyInFirm: () =>
    new FirmRefusal(409, "You already belong to a firm. Leave it before you create or join another."),
  lastOwner: () =>
    new FirmRefusal(
      409,
      "A firm always keeps at least one owner. Make another member an owner, or transfer ownership, first.",
    ),
};
