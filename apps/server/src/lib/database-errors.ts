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
