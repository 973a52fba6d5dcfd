import type { PGlite } from "@electric-sql/pglite";
import { defaultMemoOptionSet } from "@precis/contract/memo-options";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type TestServer, xhrHeaders } from "./harness.ts";
import { registerAccount } from "./support/accounts.ts";
import { useTestServer, withTestServer } from "./support/test-server.ts";

/**
 * The log holds no personal data even when the database fails: Drizzle's query errors carry the bound
 * parameters in their message, which once put names, emails and argon2 hashes in the error log.
 */
const server = useTestServer();

describe("a database fault in the middle of a request", () => {
  it("is logged with its SQLSTATE and constraint, never the query's parameters", async () => {
    const email = "canary.person@example.ca";
    const { session } = await registerAccount(server, email);
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

/** Makes every query of a PGlite-backed server fail while `isFaulty()`, as a broken database would. */
function injectFaults(database: TestServer["database"], isFaulty: () => boolean) {
  type Client = PGlite & { query: PGlite["query"]; transaction: PGlite["transaction"] };
  const client = (database.db as unknown as { $client: Client }).$client;
  const failing = () =>
    Object.assign(new Error("injected fault: the database could not run the statement"), { code: "XX000" });
  const guard = <F extends (...args: never[]) => Promise<unknown>>(call: F) =>
    (async (...args: Parameters<F>) => {
      if (isFaulty()) throw failing();
      return call(...args);
    }) as F;
  client.query = guard(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: Parameters<PGlite["transaction"]>[0]) =>
    transaction(async (tx) => {
      tx.query = guard(tx.query.bind(tx));
      return callback(tx);
    })) as PGlite["transaction"];
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("every operation, normally and under a database fault", () => {
  it("leaves not one secret or personal value in the log", async () => {
    let isFaulty = false;
    await withTestServer({ env: { STRIPE_WEBHOOK_SECRET: "whsec_canary" } }, async (faulty) => {
      injectFaults(faulty.database, () => isFaulty);
      try {
        const canary = {
          email: "canary.q7zx@example.ca",
          password: "Canary-Pass-q7zX2",
          firstName: "Canaryfirstq7zx",
          lastName: "Canarylastq7zx",
          organization: "Canary Org q7zx",
          code: "CQ7ZXK2M",
        };
        // Verify-email takes `code` and an optional `email`; find-user and login read HTTP Basic.
        const { session } = await registerAccount(faulty, canary.email, {
          password: canary.password,
          details: { firstName: canary.firstName, lastName: canary.lastName },
        });
        const secrets = [...Object.values(canary), session.accessKey, session.cookie.split("=")[1] ?? ""];
        const document = (await faulty.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
        type Operation = { requestBody?: { content?: { "application/json"?: { schema?: { properties?: object } } } } };
        const operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
          ([path, methods]) =>
            Object.entries(methods).map(([method, operation]) => ({
              method: method.toUpperCase(),
              path,
              fields: Object.keys(operation.requestBody?.content?.["application/json"]?.schema?.properties ?? {}),
            })),
        );
        // A body that reaches each service with the canaries in it, whatever the operation takes.
        const body = {
          ...canary,
          name: "canaryq7zx",
          role: "lawyer",
          currentPassword: canary.password,
          newPassword: "Canary-New-q7zX3",
          secret_code: canary.code,
          comment: canary.organization,
          page: "overview",
          helpful: true,
        };
        let failedRequests = 0;
        // Under the fault first: the normal pass ends the session (logout, deletion, a new password).
        for (const faultyNow of [true, false]) {
          isFaulty = faultyNow;
          for (const { method, path, fields } of operations) {
            // Only the fields the operation declares, so that its validation lets the canaries through.
            const payload =
              path === "/api/user-options"
                ? { ...defaultMemoOptionSet, id: -1, name: canary.organization }
                : Object.fromEntries(
                    fields.filter((field) => field in body).map((field) => [field, body[field as keyof typeof body]]),
                  );
            const response = await faulty.app.inject({
              method: method as "POST",
              url: path.replace("{id}", "1"),
              headers: {
                ...xhrHeaders,
                ...session.headers,
                authorization: `Basic ${Buffer.from(`${canary.email}:${canary.password}`).toString("base64")}`,
              },
              ...(method === "GET" || method === "DELETE" ? {} : { payload }),
            });
            if (faultyNow && response.statusCode >= 500) failedRequests += 1;
          }
        }
        // The fault did reach the services: the operations that touch the database failed for it.
        expect(failedRequests).toBeGreaterThanOrEqual(15);
        const log = faulty.logs.text();
        // Each failure is in the log as a database error, by its SQLSTATE, with its message withheld.
        expect(log.match(/"sqlState":"XX000"/g)?.length ?? 0).toBeGreaterThanOrEqual(failedRequests);
        expect(log).not.toContain("injected fault");
        for (const secret of secrets) expect(log, secret).not.toContain(secret);
      } finally {
        // The server closes on a sound database.
        isFaulty = false;
      }
    });
  });
});
