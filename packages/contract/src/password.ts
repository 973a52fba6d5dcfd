import { z } from "zod/mini";
import { getUnmetPasswordRequirements, PASSWORD_MAX_LENGTH } from "./account-rules.ts";

export {
  getUnmetPasswordRequirements,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordRequirementId,
  passwordRequirements,
} from "./account-rules.ts";

/** SPEC's rule plus an upper bound, so nobody can make the server hash a megabyte. */
export const passwordSchema = z.string().check(
  z.maxLength(PASSWORD_MAX_LENGTH, "passwordTooLong"),
  z.refine((password) => getUnmetPasswordRequirements(password).length === 0, "passwordRequirements"),
);
