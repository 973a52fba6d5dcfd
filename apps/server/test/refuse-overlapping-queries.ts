/**
 * Fails the run when node-postgres warns of a query sent on a client that is still running one: Promise.all over
 * one transaction's queries does it. It changes no answer today, but pg 9 makes it an error. The warning comes
 * once a process and only on PostgreSQL, so the API suite's PostgreSQL pass is where it is caught.
 */
const listening = Symbol.for("precis.refuseOverlappingQueries");
const processState = process as typeof process & { [listening]?: true };

if (!processState[listening]) {
  processState[listening] = true;
  process.on("warning", (warning) => {
    if (warning.name === "DeprecationWarning" && warning.message.includes("already executing a query")) throw warning;
  });
}
