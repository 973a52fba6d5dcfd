import { hash, randomInt } from "node:crypto";
import { SECURITY_CODE_ALPHABET, SECURITY_CODE_LENGTH } from "@precis/contract/auth";

/**
 * Tries at a code before it is closed: to one client for an emailed code (rate-limit/code-budget.ts: a stranger
 * cannot close it for its owner), and to everyone for a second-step token, which the right password opened.
 */
export const MAX_CODE_ATTEMPTS = 5;

/** A security code as stored: hashed with its account's id, so equal codes of two accounts differ. */
export const hashSecurityCode = (userId: number, code: string) => hash("sha256", `${userId}:${code}`, "base64url");

export function generateSecurityCode() {
  let code = "";
  for (let i = 0; i < SECURITY_CODE_LENGTH; i += 1)
    code += SECURITY_CODE_ALPHABET[randomInt(SECURITY_CODE_ALPHABET.length)];
  return code;
}
