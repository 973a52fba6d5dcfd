/** The name of the unique constraint a write violated, or null for any other error. */
export function getViolatedUniqueConstraint(error: unknown): string | null {
  // Drizzle wraps driver errors; node-postgres and PGlite both expose PostgreSQL's code and constraint.
  for (
    let current: unknown = error;
    current && typeof current === "object";
    current = (current as { cause?: unknown }).cause
  ) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === "23505") return typeof candidate.constraint === "string" ? candidate.constraint : "";
  }
  return null;
}
