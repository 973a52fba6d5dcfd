/**
 * The server's 403 for a sensitive call whose sign-in is older than 15 minutes, as it words it: the browser tests
 * answer a request with it (page.route) to reach the confirm-identity dialog without waiting for a real clock.
 */
export const REAUTHENTICATION_REQUIRED = {
  status: 403,
  contentType: "application/json",
  body: JSON.stringify({
    statusCode: 403,
    error: "Forbidden",
    message: "Confirm who you are to continue.",
    fields: [{ path: "reauthentication", message: "is required: the sign-in is older than 15 minutes" }],
  }),
};
