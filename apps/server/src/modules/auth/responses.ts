import { mfaMessages } from "@precis/contract/mfa";
import { apiFailure, type FailedOutcome, type FailureResponses } from "../../lib/operations/failures.ts";
import {
  accountFailure,
  reauthenticationRequired,
  secondStepLockedFailure,
  usedRecoveryCodeFailure,
  wrongCodeFailure,
} from "../accounts/responses.ts";
import { firmSignInFailures } from "../firms/sign-in-policy.ts";
import type * as service from "./service.ts";

const secondStepExpired = apiFailure(401, mfaMessages.signInExpired, [
  { path: "secondFactorToken", message: "has expired or was used" },
]);

/** A new password that the rules refuse, wherever one is set. */
const passwordProblems = {
  invalidPassword: accountFailure(400, "invalidPassword"),
  commonPassword: accountFailure(400, "commonPassword"),
};

/** What each failed outcome of the sign-in and password routes answers. */
export const authFailures = {
  /** The HTTP Basic header that carries the email and the password (or an empty one) of the routes that read one. */
  basicCredentials: {
    noBasicAuthorization: apiFailure(400, "Send the email and password as HTTP Basic authorization."),
    invalidEmail: apiFailure(400, "The email address is not valid.", [
      { path: "email", message: "is not a valid email" },
    ]),
    passwordMissing: apiFailure(400, "The password is missing or too long.", [
      { path: "password", message: "is required" },
    ]),
  },
  register: {
    emailExists: accountFailure(409, "emailExists"),
    usernameExists: accountFailure(409, "usernameExists"),
    ...passwordProblems,
  } satisfies FailureResponses<FailedOutcome<typeof service.registerAccount, "registered">>,
  logIn: {
    userNotFound: accountFailure(404, "userNotFound"),
    badPassword: accountFailure(401, "badPassword"),
    // The account's firm allows other sign-in methods (issue 44): the text names them.
    ...firmSignInFailures,
  } satisfies FailureResponses<FailedOutcome<typeof service.logInWithPassword, "loggedIn" | "secondFactorRequired">>,
  secondFactor: {
    // After too many wrong codes in a row: the way out is the owner's mailbox (decision 042).
    locked: secondStepLockedFailure,
    wrongCode: wrongCodeFailure,
    usedRecoveryCode: usedRecoveryCodeFailure,
    expired: secondStepExpired,
    // A second step begun before the firm refused passwords (decision 043).
    ...firmSignInFailures,
  } satisfies FailureResponses<FailedOutcome<typeof service.completeSecondFactor, "loggedIn">>,
  /** A second-step token that no pending sign-in holds: as one that expired. */
  secondStepExpired,
  passkey: {
    unknownPasskey: apiFailure(401, mfaMessages.unknownPasskey, [{ path: "response", message: "is unknown" }]),
    notVerified: apiFailure(401, mfaMessages.passkeyNotVerified, [
      { path: "response", message: "could not be verified" },
    ]),
    // A passkey is part of the password method: a firm that does not allow passwords refuses it too.
    ...firmSignInFailures,
  } satisfies FailureResponses<FailedOutcome<typeof service.logInWithPasskey, "loggedIn">>,
  changePassword: {
    currentPasswordMissing: apiFailure(400, mfaMessages.passwordNeeded, [
      { path: "currentPassword", message: "is required" },
    ]),
    reauthenticationRequired,
    badPassword: accountFailure(401, "badPassword"),
    ...passwordProblems,
  } satisfies FailureResponses<FailedOutcome<typeof service.changePassword, "changed">>,
  reauthenticate: {
    badPassword: accountFailure(401, "badPassword"),
    noPassword: apiFailure(
      409,
      "This account signs in with Google or Microsoft: sign in again with it to confirm who you are.",
    ),
    wrongCode: wrongCodeFailure,
    usedRecoveryCode: usedRecoveryCodeFailure,
    locked: secondStepLockedFailure,
    passkeyNotVerified: apiFailure(401, mfaMessages.passkeyNotVerified, [
      { path: "passkey", message: "could not be verified" },
    ]),
    // The firm refuses the password method, which every proof here belongs to (decision 043).
    ...firmSignInFailures,
  } satisfies FailureResponses<FailedOutcome<typeof service.reauthenticate, "confirmed">>,
  requestReset: {
    userNotFound: accountFailure(404, "userNotFound"),
  } satisfies FailureResponses<FailedOutcome<typeof service.requestPasswordReset, "codeSent">>,
  resetPassword: {
    userNotFound: accountFailure(404, "userNotFound"),
    invalidCode: accountFailure(401, "invalidCode"),
    ...passwordProblems,
  } satisfies FailureResponses<FailedOutcome<typeof service.resetPassword, "reset">>,
};
