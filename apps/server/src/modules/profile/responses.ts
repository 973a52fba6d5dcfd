import { apiFailure, type FailedOutcome, type FailureResponses } from "../../lib/operations/failures.ts";
import type { updateProfile } from "./service.ts";

/** What each failed outcome of the profile routes answers. */
export const profileFailures = {
  update: {
    emailIsReadOnly: apiFailure(
      400,
      "The email address cannot be changed here: use Change email in the account menu.",
      [{ path: "email", message: "is read-only; use Change email in the account menu" }],
    ),
    usernameIsReadOnly: apiFailure(400, "The username cannot be changed.", [
      { path: "username", message: "is read-only" },
    ]),
  } satisfies FailureResponses<FailedOutcome<typeof updateProfile, "updated">>,
};
