import { describe, expect, it } from "vitest";
import enSso from "@/i18n/en/sso.json";
import { ApiRequestError } from "@/lib/api-client";
import { MissingEmailError } from "./firebase-sign-in";
import { getChangeEmailFailure, getSsoLoginFailure, getSsoRegisterFailure } from "./sso-errors";

function apiError(status: number, code?: string) {
  const body = { statusCode: status, error: "x", message: "x", ...(code ? { Status: "Failure", Error: code } : {}) };
  return new ApiRequestError(status, body, "/test");
}
/** What the Firebase SDK rejects with: a FirebaseError carrying an `auth/…` code. */
const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });
const networkError = new TypeError("Failed to fetch");

describe("getSsoLoginFailure (product §8 SSO login)", () => {
  it.each([
    [firebaseError("auth/popup-closed-by-user"), "popupClosed"],
    [firebaseError("auth/cancelled-popup-request"), "popupClosed"],
    [firebaseError("auth/popup-blocked"), "popupBlocked"],
    [firebaseError("auth/account-exists-with-different-credential"), "accountExists"],
    [firebaseError("auth/internal-error"), "unableToFetch"],
    [new MissingEmailError(), "missingEmail"],
    [apiError(500), "unknown"],
    [apiError(503), "unavailable"],
    [apiError(429), "tooManyAttempts"],
    [apiError(401, "invalidToken"), "unableToFetch"],
    [networkError, "network"],
    [new Error("anything else"), "unableToFetch"],
  ])("maps %s to %s", (error, key) => {
    expect(getSsoLoginFailure(error)).toBe(key);
  });

  it("uses SPEC's wording", () => {
    expect(enSso.errors.popupClosed).toBe("SSO Popup has been closed. Please Retry!");
    expect(enSso.errors.accountExists).toBe(
      "Account Already Exists. Please login with the provider you registered with!",
    );
    expect(enSso.errors.unableToFetch).toBe("Unable to fetch User Information");
    expect(enSso.errors.missingEmail).toBe("User Email Not Found");
    expect(enSso.errors.unknown).toBe("Unknown Error. Please try again later.");
  });
});

describe("getSsoRegisterFailure (product §8 Completion of SSO registration)", () => {
  it.each([
    [apiError(401, "invalidToken"), "invalidEmailOrPassword"],
    [apiError(409, "emailExists"), "emailExists"],
    [apiError(409, "usernameExists"), "usernameExists"],
    [apiError(400), "registrationUnknown"],
    [apiError(500), "registrationUnknown"],
    [apiError(503), "unavailable"],
    [firebaseError("auth/user-token-expired"), "unableToFetch"],
    [new Error("thrown"), "registrationUnknown"],
  ])("maps %s to %s", (error, key) => {
    expect(getSsoRegisterFailure(error)).toBe(key);
  });
});

describe("getChangeEmailFailure (product §8 Change email)", () => {
  it.each([
    [apiError(401), "notLoggedIn"],
    [apiError(401, "invalidToken"), "invalidEmail"],
    [apiError(409, "emailExists"), "emailInUse"],
    [apiError(400), "invalidEmail"],
    [apiError(500), "somethingWentWrong"],
    [apiError(503), "unavailable"],
    [firebaseError("auth/popup-closed-by-user"), "popupClosed"],
    [firebaseError("auth/internal-error"), "changeEmailFailed"],
    [new MissingEmailError(), "missingEmail"],
    [networkError, "changeEmailFailed"],
  ])("maps %s to %s", (error, key) => {
    expect(getChangeEmailFailure(error)).toBe(key);
  });
});
