// The argon2 work of the hashing pool (passwords.ts), one call per task on a piscina thread. Plain JavaScript, so
// the pool loads it the same under node, tsx and vitest.
import { hashSync, verifySync } from "@node-rs/argon2";

export const hash = ({ password, options }) => hashSync(password, options);

// A hash argon2 cannot read matches nothing: an answer about the password, where a rejection of the task means
// a fault of the server (a 500).
export function verify({ passwordHash, password }) {
  try {
    return verifySync(passwordHash, password);
  } catch {
    return false;
  }
}
