import type { ApiError, FirmPolicyRefusal } from "@precis/contract/api";
import type { AccountErrorCode } from "@precis/contract/auth";
import { mfaMessages } from "@precis/contract/mfa";
import type { FastifyReply } from "fastify";
import type { SessionSignInMethod } from "../../db/schema.ts";
import { sendApiError } from "../../plugins/errors.ts";
import { REAUTHENTICATION_REQUIRED_MESSAGE } from "../sessions/reauthentication.ts";
import { sendFailure } from "./failures.ts";

/**
 * What one failed outcome of a service answers: an API error (its message, and the fields at fault), or one of
 * the account failures that the screens and the extension know by their code.
 */
export type FailureResponse =
  | { readonly statusCode: number; readonly message: string; readonly fields?: ApiError["fields"] }
  | { readonly statusCode: number; readonly accountFailure: AccountErrorCode };

/**
 * A feature's failures, one per outcome kind of a service, in one table beside its routes: a route answers its
 * success itself and hands every other outcome to the table, and an outcome the table misses fails type-checking.
 */
export type FailureResponses<Outcome extends string> = { readonly [Kind in Outcome]: FailureResponse };

/** The kinds of outcome of a service function other than its successes, which its route answers itself. */
export type FailedOutcome<
  Service extends (...args: never[]) => Promise<{ outcome: string }>,
  Success extends string,
> = Exclude<Awaited<ReturnType<Service>>["outcome"], Success>;

export const apiFailure = (statusCode: number, message: string, fields?: ApiError["fields"]): FailureResponse =>
  fields ? { statusCode, message, fields } : { statusCode, message };

export const accountFailure = (statusCode: number, code: AccountErrorCode): FailureResponse => ({
  statusCode,
  accountFailure: code,
});

/**
 * Sends a failure from its table. `facts`, the failed outcome itself, may carry a firm's policy refusal
 * (firms/sign-in-policy.ts): its answer then names the firm and its administrators.
 */
export function sendFailureResponse(reply: FastifyReply, failure: FailureResponse, facts?: object) {
  if ("accountFailure" in failure) return sendFailure(reply, failure.statusCode, failure.accountFailure);
  const firmPolicy = facts && "firmPolicy" in facts ? (facts.firmPolicy as FirmPolicyRefusal) : undefined;
  if (firmPolicy)
    return sendApiError(reply, failure.statusCode, firmRefusalText(firmPolicy), failure.fields, firmPolicy);
  return sendApiError(reply, failure.statusCode, failure.message, failure.fields);
}

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

/** The step-up every sensitive action asks for, as `requireRecentAuthentication` answers it. */
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
