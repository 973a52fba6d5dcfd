import type { FirmPolicyRefusal } from "@precis/contract/api";
import type { AccountErrorCode } from "@precis/contract/auth";
import { mfaMessages } from "@precis/contract/mfa";
import type { FastifyReply } from "fastify";
import type { SessionSignInMethod } from "../../db/schema/index.ts";
import { apiFailure, type FailureAnswer } from "../../lib/operations/failures.ts";
import { REAUTHENTICATION_REQUIRED_MESSAGE } from "../sessions/reauthentication.ts";
import { failureMessages } from "./failures.ts";

/** One of the account failures that the screens and the extension know by their code (SPEC's `Status`/`Error`). */
export const accountFailure = (statusCode: number, code: AccountErrorCode): FailureAnswer => ({
  statusCode,
  message: failureMessages[code],
  extra: { Status: "Failure", Error: code },
});

/** How a refusal names each method. */
export const firmMethodNames = {
  password: "your email and password (or a passkey)",
  google: "Google",
  microsoft: "Microsoft",
} as const;

/** A firm's refusal in English, naming the firm (quoted, as a name) and whom to ask. */
export function firmRefusalText(refusal: FirmPolicyRefusal) {
  const methods = refusal.allowedMethods.map((method) => firmMethodNames[method]).join(" or ");
  const admins = refusal.adminEmails.length > 0 ? ` (${refusal.adminEmails.join(", ")})` : "";
  return `Your firm, “${refusal.firmName}”, allows signing in only with ${methods}. Sign in that way instead, or ask its administrators${admins}.`;
}

/** The step-up every sensitive action asks for, as plugins/route-policy.ts answers it. */
export const reauthenticationRequired = apiFailure(403, REAUTHENTICATION_REQUIRED_MESSAGE, [
  { path: "reauthentication", message: "is required: the sign-in is older than 15 minutes" },
]);

/** A wrong code from the authenticator app or a recovery code, wherever one is typed. */
export const wrongCodeFailure = apiFailure(401, mfaMessages.wrongCode, [{ path: "code", message: "is not right" }]);

/** A recovery code of the current set that was spent already (mfa/second-factor.ts says why it may be told apart). */
export const usedRecoveryCodeFailure = apiFailure(401, mfaMessages.usedRecoveryCode, [
  { path: "code", message: "was already used" },
]);

/** The second step locked after too many wrong codes in a row, wherever a code is typed (decision 042). */
export const secondStepLockedFailure = apiFailure(403, mfaMessages.secondStepLocked, [
  { path: "code", message: "is locked after too many wrong codes: unlock it by the emailed link or a password reset" },
]);

/** Every sign-in that succeeds answers alike: a new session (proven at `provenAt`, else now) and the role. */
export async function answerSignedIn<Role>(
  reply: FastifyReply,
  user: { id: number; occupation: Role },
  signInMethod: SessionSignInMethod,
  provenAt?: Date,
) {
  await reply.startSession(user.id, signInMethod, provenAt);
  return { Status: "Success" as const, Role: user.occupation };
}
