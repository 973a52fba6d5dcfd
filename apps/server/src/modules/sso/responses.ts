import { apiFailure, type FailedOutcome, type FailureResponses } from "../../lib/operations/failures.ts";
import { accountFailure } from "../accounts/responses.ts";
import { firmSignInFailures } from "../firms/sign-in-policy.ts";
import type { changeEmail, logInWithIdentity, registerWithIdentity } from "./service.ts";

/** What each failure of the Google and Microsoft sign-in routes answers. */
export const ssoFailures = {
  /** Not a Firebase ID token for the email beside it, or one the verifier refused: as a wrong password is. */
  invalidToken: accountFailure(401, "invalidToken"),
  badCredentials: apiFailure(400, "Send the email and the ID token as HTTP Basic authorization."),
  unavailable: apiFailure(503, "Google and Microsoft sign-in is unavailable right now. Please try again later."),
  /** A new identity: the page offers to register it. */
  unknownIdentity: accountFailure(404, "userNotFound"),
  /** The account's firm allows other sign-in methods (issue 44): the text names them. */
  logIn: firmSignInFailures satisfies FailureResponses<
    Exclude<NonNullable<Awaited<ReturnType<typeof logInWithIdentity>>>["outcome"], "loggedIn">
  >,
  register: {
    emailExists: accountFailure(409, "emailExists"),
    usernameExists: accountFailure(409, "usernameExists"),
  } satisfies FailureResponses<FailedOutcome<typeof registerWithIdentity, "registered">>,
  changeEmail: {
    emailTaken: accountFailure(409, "emailExists"),
  } satisfies FailureResponses<FailedOutcome<typeof changeEmail, "changed">>,
};
