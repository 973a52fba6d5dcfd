import type { AccountErrorCode } from "@precis/contract/auth";

/** Texts of the failures, in SPEC's words where SPEC has them; the screens show their own translations. */
export const failureMessages: Record<AccountErrorCode, string> = {
  emailExists: "Email already exists. Please try logging in.",
  usernameExists: "Username is already taken. Please choose a different username",
  invalidDetails: "Please review your details. Registration Failed!",
  invalidPassword: "Invalid password. Please verify that all password requirements are met.",
  commonPassword: "This password is too common. Please choose a different one.",
  badPassword: "Bad Password. Please try again",
  userNotFound: "User Not Found",
  invalidCode: "Invalid Email or Secret Code Provided",
  tooManyAttempts: "Too many attempts. Please wait and try again.",
  invalidToken: "Invalid Email or Password",
};
