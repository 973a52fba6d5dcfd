import type { FirmPolicyRefusal } from "@precis/contract/api";
import type enAuth from "@/i18n/en/auth.json";
import type { ApiRequestError } from "@/lib/api-client";
import { isNetworkFailure } from "@/lib/api-failures";
import { mapFailure, type Refusal } from "@/lib/failure-mapper";
import { getPasskeyCeremonyFailure } from "@/lib/webauthn";

/** A key of the `errors` group of the auth catalogue. */
export type AuthErrorKey = keyof (typeof enAuth)["errors"];

/**
 * What a screen shows after a failed call: one of the catalogue's texts, how long to wait after a 429, and for a
 * sign-in the account's firm refuses, the firm, the methods it allows and whom to ask (issue 56, finding 1).
 */
export type Failure = { message: AuthErrorKey; retryAfterSeconds?: number | null; firmPolicy?: FirmPolicyRefusal };

const FIRM_SIGN_IN_METHODS: readonly string[] = ["password", "google", "microsoft"];
const isListOfText = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/**
 * The refusal's facts when the body holds them as the contract shapes them (firmPolicyRefusalSchema), else null.
 * Checked here without the schema: /login's first load carries no zod (bundle.e2e.ts), and a test holds this
 * check to the schema's answers.
 */
export function readFirmPolicyRefusal(value: unknown): FirmPolicyRefusal | null {
  if (typeof value !== "object" || value === null) return null;
  const { firmName, allowedMethods, adminEmails } = value as Record<string, unknown>;
  if (typeof firmName !== "string" || !isListOfText(allowedMethods) || !isListOfText(adminEmails)) return null;
  if (!allowedMethods.every((method) => FIRM_SIGN_IN_METHODS.includes(method))) return null;
  return { firmName, allowedMethods: allowedMethods as FirmPolicyRefusal["allowedMethods"], adminEmails };
}

/** A 403 by the account's firm's allowed sign-in methods: its facts, said in the reader's language; else null. */
function getFirmPolicyFailure({ status, error }: Refusal): Failure | null {
  if (status !== 403) return null;
  // A screen says only facts it can read.
  const firmPolicy = readFirmPolicyRefusal(error.apiError?.firmPolicy);
  return firmPolicy ? { message: "firmPolicy", firmPolicy } : null;
}

/** Whether the failed call's body carries an `Error` field at all, known to this app or not. */
function hasErrorField(error: ApiRequestError): boolean {
  const body = error.body;
  return typeof body === "object" && body !== null && "Error" in body && body.Error != null;
}

const unanswered = { network: { message: "network" }, unknown: { message: "unknown" } } as const;

function tooManyAttempts({ retryAfterSeconds }: Refusal): Failure {
  return { message: "tooManyAttempts", retryAfterSeconds };
}

/** product §8 Login. */
export function getLoginFailure(error: unknown): Failure {
  return mapFailure<Failure>(error, {
    unanswered,
    byStatus: {
      401: { message: "badPassword" },
      404: { message: "userNotFound" },
      400: { message: "checkCredentials" },
      429: tooManyAttempts,
      403: (refusal) => getFirmPolicyFailure(refusal) ?? { message: "unknown" },
    },
    otherwise: { message: "unknown" },
  });
}

/**
 * The login's second step: a wrong code is its field's error (five tries), an expired or spent first step sends
 * the person back to the password (the token's field), anything else is said above the form.
 */
export type SecondFactorFailure = { kind: "wrongCode" } | { kind: "expired" } | { kind: "alert"; failure: Failure };

const alert = (failure: Failure): SecondFactorFailure => ({ kind: "alert", failure });

/** A refused code or token, by the field it names. */
function getSecondStepFieldFailure({ status, fields }: Refusal): SecondFactorFailure {
  if (fields.includes("secondFactorToken")) return { kind: "expired" };
  if (fields.includes("code")) return { kind: "wrongCode" };
  // A 401 naming nothing: the first step is no longer good.
  return status === 401 ? { kind: "expired" } : alert({ message: "unknown" });
}

export function getSecondFactorFailure(error: unknown): SecondFactorFailure {
  return mapFailure<SecondFactorFailure>(error, {
    unanswered: { network: alert(unanswered.network), unknown: alert(unanswered.unknown) },
    byStatus: {
      429: (refusal) => alert(tooManyAttempts(refusal)),
      // Too many wrong codes in a row: the step stays locked until the owner proves the address (decision 042).
      // A firm that refuses passwords now refuses the step begun before (decision 043): it says so.
      403: (refusal) => alert(getFirmPolicyFailure(refusal) ?? { message: "secondStepLocked" }),
      400: getSecondStepFieldFailure,
      401: getSecondStepFieldFailure,
    },
    otherwise: alert({ message: "unknown" }),
  });
}

/**
 * "Sign in with a passkey": the browser's part (closed, unsupported) or the server's (a passkey it does not
 * know, one it could not verify: api/login-with-passkey.ts throws UnknownPasskeyError for the first).
 */
export function getPasskeyLoginFailure(error: unknown): Failure {
  return mapFailure<Failure>(error, {
    unanswered: (unanswered) => {
      if (unanswered instanceof Error && unanswered.name === "UnknownPasskeyError")
        return { message: "unknownPasskey" };
      switch (getPasskeyCeremonyFailure(unanswered)) {
        case "cancelled":
          return { message: "passkeyCancelled" };
        case "unsupported":
          return { message: "passkeysUnsupported" };
        case null:
          return { message: isNetworkFailure(unanswered) ? "network" : "unknown" };
        default:
          return { message: "passkeyNotVerified" };
      }
    },
    byStatus: {
      429: tooManyAttempts,
      400: { message: "passkeyNotVerified" },
      401: { message: "passkeyNotVerified" },
      // A passkey belongs to the password method: a firm that refuses it says why.
      403: (refusal) => getFirmPolicyFailure(refusal) ?? { message: "unknown" },
    },
    otherwise: { message: "unknown" },
  });
}

/** product §4 Registration status; the SSO states arrive with SSO sign-in. */
export type RegistrationStatus =
  | "idle"
  | "loading"
  | "success"
  | "emailExists"
  | "usernameExists"
  | "invalidPassword"
  | "commonPassword"
  | "tooManyAttempts"
  | "error";

export type RegistrationFailure = Failure & { status: Exclude<RegistrationStatus, "idle" | "loading" | "success"> };

/** product §8 Registration: 409s by their code, password problems by theirs, anything else "review your details". */
export function getRegistrationFailure(error: unknown): RegistrationFailure {
  return mapFailure<RegistrationFailure>(error, {
    // A reply that is not SPEC's `Status: "Success"` fails the schema and lands here too.
    unanswered: {
      network: { status: "error", message: "network" },
      unknown: { status: "error", message: "registrationFailed" },
    },
    byStatus: {
      409: ({ code }) =>
        code === "usernameExists"
          ? { status: "usernameExists", message: "usernameExists" }
          : { status: "emailExists", message: "emailExists" },
      429: (refusal) => ({ status: "tooManyAttempts", ...tooManyAttempts(refusal) }),
    },
    otherwise: ({ code }) => {
      if (code === "invalidPassword") return { status: "invalidPassword", message: "invalidPassword" };
      if (code === "commonPassword") return { status: "commonPassword", message: "commonPassword" };
      return { status: "error", message: "registrationFailed" };
    },
  });
}

/** An answer with nothing in it: no JSON, no text (a 500 with an empty body). */
const hasNoBody = (error: ApiRequestError) => error.body == null || error.body === "";

/**
 * product §4/§8 Forgot password: 404, 401 and an error without a body (a 500 with nothing in it included, issue 58)
 * say the user was not found. A server failure that says something (a 5xx with a body) and a lost connection say
 * so instead, since "not found" would mislead.
 */
export function getFindUserFailure(error: unknown): Failure {
  return mapFailure<Failure>(error, {
    unanswered: { network: { message: "network" }, unknown: { message: "findUserNotFound" } },
    byStatus: { 429: tooManyAttempts },
    otherwise: ({ status, code, error: refused }) => {
      if (hasNoBody(refused)) return { message: "findUserNotFound" };
      if (status >= 500) return { message: "unknown" };
      if (status === 400 && code === null) return { message: "invalidEmail" };
      return { message: "findUserNotFound" };
    },
  });
}

/**
 * product §4 reset-password status values. `no-match` and the local `invalid` are the confirmation's
 * and the new password's own field errors, so they are not repeated here.
 */
export type ResetPasswordStatus = "idle" | "cached" | "success" | "failure" | "invalid" | "unknown";

export type ResetPasswordFailure = Failure & {
  status: Extract<ResetPasswordStatus, "failure" | "invalid" | "unknown">;
};

/** product §8 Reset password. */
export function getResetPasswordFailure(error: unknown): ResetPasswordFailure {
  return mapFailure<ResetPasswordFailure>(error, {
    unanswered: {
      network: { status: "unknown", message: "network" },
      unknown: { status: "unknown", message: "resetFailed" },
    },
    byStatus: {
      401: { status: "failure", message: "invalidCode" },
      429: (refusal) => ({ status: "failure", ...tooManyAttempts(refusal) }),
    },
    otherwise: ({ status, code, error: refused }) => {
      if (code === "invalidPassword") return { status: "invalid", message: "passwordRequirementsNotMet" };
      if (code === "commonPassword") return { status: "invalid", message: "commonPassword" };
      // SPEC: "404 or any answer with an Error", whatever the Error says: one this app does not know included; and
      // a 200 whose Status is not "Success" (api/reset-password.ts throws it as a refusal, issue 58).
      if (status === 404 || status < 300 || hasErrorField(refused))
        return { status: "failure", message: "findUserNotFound" };
      return { status: "unknown", message: "resetFailed" };
    },
  });
}
