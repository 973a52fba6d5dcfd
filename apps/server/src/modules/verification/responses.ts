import { NOT_ACADEMIC_FIELD } from "@precis/contract/verification";
import { apiFailure, type FailedOutcome, type FailureResponses } from "../../lib/operations/failures.ts";
import { accountFailure, reauthenticationRequired } from "../accounts/responses.ts";
import type { resendVerificationCode, undoEmailChange, verifyEmailCode } from "./service.ts";

/** A code to another address completes only in the session that asked for it (issue 42). */
const OTHER_SESSION_MESSAGE =
  "This code changes the account's email address: enter it while signed in, in the browser where the change was asked for.";

/** What each failed outcome of the email verification routes answers. */
export const verificationFailures = {
  /** Neither the emailed code nor the link's token: said before any guess is counted. */
  proofMissing: apiFailure(400, "Send the emailed code or the link's token.", [
    { path: "code", message: "is required" },
  ]),
  verifyEmail: {
    invalidCode: accountFailure(401, "invalidCode"),
    emailExists: accountFailure(409, "emailExists"),
    otherSession: apiFailure(403, OTHER_SESSION_MESSAGE, [
      { path: "session", message: "is not the session that asked for this change of address" },
    ]),
    // The same 403 as every step-up: the page asks who you are and sends the code again.
    reauthenticationRequired,
  } satisfies FailureResponses<FailedOutcome<typeof verifyEmailCode, "verified">>,
  resend: {
    alreadyVerified: apiFailure(409, "This email address is already verified."),
    reauthenticationRequired,
  } satisfies FailureResponses<FailedOutcome<typeof resendVerificationCode, "sent">>,
  undoEmailChange: {
    invalidLink: apiFailure(
      404,
      "There is no change of address to undo: the link was used already, has expired, or is not valid.",
    ),
    emailTaken: apiFailure(409, "The previous address is now used by another account: it cannot be restored."),
  } satisfies FailureResponses<FailedOutcome<typeof undoEmailChange, "restored">>,
  /** The student-access switch takes a school address only: said before any code is sent (issue 43). */
  notAcademic: apiFailure(
    400,
    "This address is not at a school we recognise. Use the address your university or college gave you.",
    [{ path: NOT_ACADEMIC_FIELD, message: "is not at a school we recognise" }],
  ),
};
