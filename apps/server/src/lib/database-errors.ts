/**
 * An error and the errors it wraps (Drizzle wraps the driver's as `cause`), each once: a cause that
 * points back along the chain must not loop for ever inside the error handler.
 */
function* causeChain(error: unknown): Generator<{ code?: unknown; constraint?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === "object" && !seen.has(current); ) {
    seen.add(current);
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The name of the unique constraint a write violated, or null for any other error. */
export function getViolatedUniqueConstraint(error: unknown): string | null {
  // node-postgres and PGlite both expose PostgreSQL's code and constraint.
  for (const candidate of causeChain(error)) {
    if (candidate.code === "23505") return typeof candidate.constraint === "string" ? candidate.constraint : "";
  }
  return null;
}

/** SQLSTATE classes and driver errors that mean "the database cannot be reached now", not "this request is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|connect ECONNREFUSED|terminating connection/i;

/** Whether an error (or any error it wraps) says the database is away: the request may succeed later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const candidate of causeChain(error)) {
    if (typeof candidate.code === "string") {
      if (UNAVAILABLE_SQLSTATES.has(candidate.code) || UNAVAILABLE_NODE_CODES.has(candidate.code)) return true;
    }
    if (typeof candidate.message === "string" && UNAVAILABLE_MESSAGES.test(candidate.message)) return true;
  }
  return false;
}

/** SQLSTATE codes are five characters of digits and capitals; anything else is no SQLSTATE. */
const SQLSTATE_PATTERN = /^[0-9A-Z]{5}$/;

/**
 * What the log may keep of an error that came from the database: its kind, SQLSTATE and constraint. Never its
 * message, which Drizzle fills with the query's bound parameters (emails, names, argon2 hashes), nor the
 * driver's `detail` ("Key (email)=(…) already exists"). Null when the error did not come from the database.
 */
export function describeDatabaseError(error: unknown) {
  let sqlState: string | undefined;
  let constraint: string | undefined;
  let isFromDatabase = false;
  for (const candidate of causeChain(error)) {
    const name = (candidate as { name?: unknown }).name;
    if (name === "DrizzleQueryError" || "query" in candidate || "severity" in candidate) isFromDatabase = true;
    if (typeof candidate.code === "string" && SQLSTATE_PATTERN.test(candidate.code)) {
      isFromDatabase = true;
      sqlState ??= candidate.code;
    }
    if (typeof candidate.constraint === "string") constraint ??= candidate.constraint;
  }
  if (!isFromDatabase) return null;
  return {
    type: error instanceof Error ? error.name : typeof error,
    message: "database error (message withheld: it may carry personal data)",
    // Where it happened: the frames only, not the lines before them, which repeat the message.
    stack:
      error instanceof Error
        ? (error.stack ?? "")
            .split("\n")
            .filter((line) => /^\s+at /.test(line))
            .join("\n")
        : "",
    ...(sqlState ? { sqlState } : {}),
    ...(constraint ? { constraint } : {}),
  };
}
