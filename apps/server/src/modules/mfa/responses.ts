import { mfaMessages } from "@precis/contract/mfa";
import { apiFailure, type FailedOutcome, type FailureResponses } from "../../lib/operations/failures.ts";
import {
  accountFailure,
  secondStepLockedFailure,
  usedRecoveryCodeFailure,
  wrongCodeFailure,
} from "../accounts/responses.ts";
import type { finishPasskeyRegistration } from "./passkeys.ts";
import type { unlockSecondStep } from "./second-factor.ts";
import type { disableTotp, enableTotp, renewRecoveryCodes, setUpTotp } from "./service.ts";

const totpOff = apiFailure(409, mfaMessages.totpOff);

/** What each failed outcome of the authenticator app's and the passkeys' routes answers. */
export const mfaFailures = {
  setUpTotp: {
    alreadyOn: apiFailure(409, mfaMessages.totpAlreadyOn),
  } satisfies FailureResponses<FailedOutcome<typeof setUpTotp, "started">>,
  enableTotp: {
    wrongCode: wrongCodeFailure,
    noSetup: apiFailure(409, mfaMessages.noTotpSetup),
  } satisfies FailureResponses<FailedOutcome<typeof enableTotp, "enabled">>,
  disableTotp: {
    badPassword: accountFailure(401, "badPassword"),
    wrongCode: wrongCodeFailure,
    usedRecoveryCode: usedRecoveryCodeFailure,
    locked: secondStepLockedFailure,
    notOn: totpOff,
  } satisfies FailureResponses<FailedOutcome<typeof disableTotp, "disabled">>,
  unlockSecondStep: {
    invalidLink: apiFailure(404, mfaMessages.unlockLinkInvalid, [
      { path: "token", message: "is unknown, used or expired" },
    ]),
  } satisfies FailureResponses<FailedOutcome<typeof unlockSecondStep, "unlocked">>,
  renewRecoveryCodes: {
    notOn: totpOff,
  } satisfies FailureResponses<FailedOutcome<typeof renewRecoveryCodes, "renewed">>,
  addPasskey: {
    notVerified: apiFailure(400, mfaMessages.passkeyNotVerified, [
      { path: "response", message: "could not be verified" },
    ]),
    tooMany: apiFailure(409, mfaMessages.tooManyPasskeys),
  } satisfies FailureResponses<FailedOutcome<typeof finishPasskeyRegistration, "added">>,
  /** Another account's passkey is, to this one, no passkey at all. */
  noSuchPasskey: apiFailure(404, mfaMessages.noSuchPasskey),
  emailNotVerified: apiFailure(403, mfaMessages.emailNotVerified, [
    { path: "emailVerification", message: "is required: the account's email address is not verified" },
  ]),
};
