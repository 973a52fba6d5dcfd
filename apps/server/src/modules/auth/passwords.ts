import { readFileSync } from "node:fs";
import { hash, verify } from "@node-rs/argon2";
import { getUnmetPasswordRequirements, PASSWORD_MAX_LENGTH } from "@precis/contract/password";

/** OWASP's argon2id settings (m=19 MiB, t=2, p=1); @node-rs/argon2 hashes on libuv's thread pool, off the event loop. */
// `algorithm: 2` is Algorithm.Argon2id, a const enum that isolated modules cannot import.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The 10,000 most common passwords, lower-cased (from the frequency-ranked list of
 * @zxcvbn-ts/language-common, MIT). Compared case-insensitively, so "Password1" is refused too.
 */
const commonPasswords = new Set(
  readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean),
);

export type PasswordProblem = "invalidPassword" | "commonPassword";

/** Why a new password is refused, or null when it is acceptable. */
export function findPasswordProblem(password: string): PasswordProblem | null {
  if (password.length > PASSWORD_MAX_LENGTH || getUnmetPasswordRequirements(password).length > 0)
    return "invalidPassword";
  if (commonPasswords.has(password.toLowerCase())) return "commonPassword";
  return null;
}

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string) {
  // An over-long attempt cannot match a password we accepted; don't spend a hash on it.
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  return verify(passwordHash, password).catch(() => false);
}
