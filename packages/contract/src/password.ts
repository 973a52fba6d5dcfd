import { z } from "zod/mini";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The four requirements of SPEC §5, in the order the hover help lists them. */
export const passwordRequirements = [
  { id: "length", test: (password: string) => password.length >= PASSWORD_MIN_LENGTH },
  { id: "digit", test: (password: string) => /\d/.test(password) },
  { id: "upper", test: (password: string) => /\p{Lu}/u.test(password) },
  { id: "lower", test: (password: string) => /\p{Ll}/u.test(password) },
] as const;
export type PasswordRequirementId = (typeof passwordRequirements)[number]["id"];

export function getUnmetPasswordRequirements(password: string): PasswordRequirementId[] {
  return passwordRequirements.filter((rule) => !rule.test(password)).map((rule) => rule.id);
}

/** SPEC's rule plus an upper bound, so nobody can make the server hash a megabyte. */
export const passwordSchema = z.string().check(
  z.maxLength(PASSWORD_MAX_LENGTH, "passwordTooLong"),
  z.refine((password) => getUnmetPasswordRequirements(password).length === 0, "passwordRequirements"),
);
