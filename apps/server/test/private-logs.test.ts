import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSession, startTestServer, type TestServer, xhrHeaders } from "./harness.ts";

/**
 * The log holds no personal data even when the database fails: Drizzle's query errors carry the bound
 * parameters in their message, which once put names, emails and argon2 hashes in the error log.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("a database fault in the middle of a request", () => {
  it("is logged with its SQLSTATE and constraint, never the query's parameters", async () => {
    const email = "canary.person@example.ca";
    const registered = await server.app.inject({
      method: "POST",
      url: "/api/register",
      headers: xhrHeaders,
      payload: { email, password: "Tribunal2024x" },
    });
    const session = readSession(registered);
    // A fault the service cannot expect: the update of a name fails inside the database.
    await server.database.db.execute(
      sql.raw(`alter table users add constraint canary_fault check (first_name <> 'Canaryname Fault')`),
    );
    try {
      const response = await server.app.inject({
        method: "PATCH",
        url: "/api/user-details",
        headers: { ...xhrHeaders, ...session.headers },
        payload: { firstName: "Canaryname Fault", organization: "Canary Organization" },
      });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain("Canary");
      const entries = server.logs.lines.map((line) => JSON.parse(line));
      const failure = entries.find((entry) => entry.msg === "request failed");
      expect(failure?.err).toMatchObject({ sqlState: "23514", constraint: "canary_fault" });
      const log = server.logs.text();
      for (const canary of ["Canaryname Fault", "Canary Organization", email]) expect(log).not.toContain(canary);
    } finally {
      await server.database.db.execute(sql.raw("alter table users drop constraint canary_fault"));
    }
  });
});
