import { defaultMemoOptionSet } from "@precis/contract/memo-options";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuth, xhrHeaders } from "./harness.ts";
import { registerAccount } from "./support/accounts.ts";
import { useDnsServer } from "./support/dns.ts";
import { useTestServer } from "./support/test-server.ts";
import { createWebBuildStandIn } from "./web-build-stand-in.ts";

/**
 * Property-based fuzzing of every operation in /api/openapi.json: hostile bodies, headers and query
 * strings never get a 5xx, never leak a stack trace or SQL, and a refused request changes no row.
 * FUZZ_RUNS sets the runs per operation (CI: 1,000).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/**
 * The operations are dealt between `shards` files (fuzz-1-of-2.test.ts, …), each with its own server and database,
 * so the suite's longest file is a fraction of the fuzzing and the runner's workers share it: one file made the
 * API pass as long as the fuzzer alone. Every operation still gets all its runs, in exactly one file.
 */
export function fuzzEveryOperation(shard: number, shards: number) {
  /** Tables a refused request may legitimately touch: attempt counters and the security log. */
  /** Refusals count: attempts against limits, audit events, and a wrong code's try against its code. */
  const TABLES_A_REFUSAL_MAY_CHANGE = new Set([
    "rate_limit_counters",
    "audit_events",
    "email_verification_codes",
    "password_reset_codes",
  ]);
  const LEAK_PATTERN =
    /\n\s+at |node_modules|\.ts:\d+|syntax error|relation "|duplicate key|SELECT |INSERT INTO|UPDATE "/i;

  let webBuild: Awaited<ReturnType<typeof createWebBuildStandIn>>;
  let sessionHeaders: Record<string, string>;
  /** Each operation, and the statuses its OpenAPI entry declares (with a body schema for each). */
  let operations: { method: string; path: string; declaredStatuses: Set<string> }[];
  /** Every operation the document lists, before this file takes its share. */
  let allOperations: typeof operations;
  let tables: string[];

  // A web build makes the instance ready, so /api/ready's hostile requests meet its 200 path; and metrics are on,
  // so /api/metrics meets hostile authorization headers rather than a 404.
  beforeAll(async () => {
    webBuild = await createWebBuildStandIn();
  });
  afterAll(() => webBuild.remove());
  // A domain check that got as far as a lookup asks a DNS server on loopback, never the network.
  const dns = useDnsServer();
  const server = useTestServer({
    env: () => ({
      ...webBuild.env,
      ...dns.env(),
      METRICS_TOKEN: "fuzz-metrics-token-0123456789abcdef",
      REGISTER_MAX_PER_IP: "1000000",
      AUTH_MAX_PER_IP: "1000000",
      LOGIN_MAX_PER_ACCOUNT: "1000000",
      STRIPE_WEBHOOK_SECRET: "whsec_fuzz",
    }),
  });

  beforeAll(async () => {
    const { session } = await registerAccount(server, "fuzz@example.ca", { details: { firstName: "Fuzz" } });
    sessionHeaders = session.headers;
    const document = (await server.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    operations = Object.entries(
      document.paths as Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        declaredStatuses: new Set(
          Object.entries(operation.responses)
            .filter(([, response]) => response.content !== undefined)
            .map(([status]) => status),
        ),
      })),
    );
    allOperations = operations;
    operations = operations.filter((_, index) => index % shards === shard);
    const rows = (await server.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    tables = rows.rows.map((row) => row.table_name).filter((name) => !TABLES_A_REFUSAL_MAY_CHANGE.has(name));
  }, 120_000);

  /**
   * One checksum of every row of every table (order-independent), in one statement: it runs before and after
   * most of the 1,000 cases per operation in CI, and one round trip per table made it most of the suite's time.
   */
  async function checksumTables() {
    const perTable = tables.map(
      (table) =>
        `select '${table}' as name, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as sum from "${table}" t`,
    );
    const result = (await server.database.db.execute(
      sql.raw(`${perTable.join(" union all ")} order by name`),
    )) as unknown as { rows: { name: string; sum: string }[] };
    return result.rows.map((row) => `${row.name}:${row.sum}`).join("|");
  }

  const hostileString = fc.oneof(
    fc.string(),
    fc.string({ unit: "grapheme", maxLength: 300 }),
    // Characters that no text field takes (issue 31): NUL, other controls, lone surrogates, direction overrides.
    fc.constantFrom("\u0000", "a\u0000b", "x\u001b[2J", "\uD800", "a\uDFFFb", "\u202Eexe.pdf", "a\u2066b"),
    // Any UTF-16 code unit, lone surrogates included.
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) }),
    fc.constantFrom(
      "'; drop table users; --",
      "../../etc/passwd",
      "<script>alert(1)</script>",
      "𝕏".repeat(500),
      "é".repeat(5000),
    ),
    fc.string({ minLength: 2000, maxLength: 20_000 }),
  );
  const hostileKey = fc.oneof(
    fc.constantFrom(
      "__proto__",
      "constructor",
      "prototype",
      "email",
      "password",
      "role",
      "id",
      "memoOrdering",
      "secret_code",
      "firstName",
      "lastName",
      "organization",
      "areaOfLaw",
      "name",
      "comment",
      "code",
    ),
    fc.string({ maxLength: 20 }),
  );
  const hostileValue = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      hostileString,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 5 }),
      fc.dictionary(hostileKey, tie("value"), { maxKeys: 6 }),
    ),
  })).value;

  /**
   * A well-formed body of each operation that takes one, so a hostile value in one of its text fields reaches the
   * service and the database instead of being refused for a missing field first (NUL in a name once got a 500).
   */
  const wellFormedBodies: Record<string, Record<string, unknown>> = {
    "POST /api/register": { email: "fuzz.register@example.ca", password: "Tribunal2024x" },
    "PATCH /api/user-details": { firstName: "Marie" },
    "PUT /api/user-options": { ...defaultMemoOptionSet, id: -1 },
    "POST /api/docs-feedback": { page: "overview", helpful: false },
    "POST /api/verify-email": { code: "AAAAAAAA" },
    "POST /api/sso/register": { email: "fuzz.sso@example.ca", role: "lawyer" },
  };
  const textFields = ["firstName", "lastName", "organization", "areaOfLaw", "name", "comment", "code", "email"];

  const requestArbitrary = fc.record({
    /** When set, the operation's well-formed body with this one field made hostile replaces `body`. */
    hostileField: fc.option(fc.record({ field: fc.constantFrom(...textFields), text: hostileString }), {
      nil: undefined,
    }),
    contentType: fc.constantFrom(
      "application/json",
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
    ),
    body: fc.oneof(
      hostileValue.map((value) => JSON.stringify(value) ?? "null"),
      fc.dictionary(hostileKey, hostileValue, { maxKeys: 8 }).map((value) => JSON.stringify(value)),
      hostileString,
      fc.constant(`{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`),
      fc.constant(`{"email":"${"a".repeat(1_100_000)}"}`),
    ),
    query: fc.option(fc.dictionary(fc.string({ maxLength: 10 }), hostileString, { maxKeys: 3 }), { nil: undefined }),
    isSignedIn: fc.boolean(),
    hasRequestedWith: fc.boolean(),
    authorization: fc.option(
      fc.oneof(
        fc.tuple(hostileString, hostileString).map(([user, secret]) => basicAuth(user, secret)),
        hostileString.map((text) => `Basic ${text}`),
        hostileString,
      ),
      { nil: undefined },
    ),
    accessKey: fc.option(
      hostileString.map((text) => text.slice(0, 200)),
      { nil: undefined },
    ),
  });

  describe("hostile input on every API operation", () => {
    it("meets a contract where every operation declares its refusals", () => {
      for (const operation of allOperations.filter(({ path }) => path.startsWith("/api/"))) {
        expect(
          [...operation.declaredStatuses].some((status) => status.startsWith("2")),
          operation.path,
        ).toBe(true);
        expect(operation.declaredStatuses.has("500"), `${operation.method} ${operation.path}`).toBe(true);
      }
    });

    it("found the operations to fuzz", () => {
      expect(allOperations.length).toBeGreaterThanOrEqual(15);
      expect(operations.length).toBeGreaterThanOrEqual(Math.floor(allOperations.length / shards));
    });

    it("never answers 5xx, never leaks internals, never a status the contract does not declare, and a refused request writes nothing", async () => {
      const undeclared = new Set<string>();
      // The tables' checksum after the last case that passed and was refused: nothing else writes between cases
      // (inject() starts no background job), so it is the next case's "before" without reading every table again.
      // A 2xx may write, and a failing case may have written: then the next case reads the tables afresh.
      let checksumAfterLastRefusal: string | undefined;
      for (const operation of operations) {
        await fc.assert(
          fc.asyncProperty(requestArbitrary, async (input) => {
            const isLogout = operation.path === "/api/logout";
            const headers: Record<string, string> = {
              ...(input.isSignedIn && !isLogout ? sessionHeaders : {}),
              ...(input.hasRequestedWith ? xhrHeaders : {}),
              ...(input.authorization ? { authorization: input.authorization.replace(/[\r\n]/g, "") } : {}),
              ...(input.accessKey && !input.isSignedIn
                ? { "x-access-key": input.accessKey.replace(/[^\x20-\x7e]/g, "") }
                : {}),
            };
            const hasBody = operation.method !== "GET" && operation.method !== "HEAD";
            if (hasBody) headers["content-type"] = input.contentType;
            const wellFormed = wellFormedBodies[`${operation.method} ${operation.path}`];
            const body =
              wellFormed && input.hostileField
                ? JSON.stringify({ ...wellFormed, [input.hostileField.field]: input.hostileField.text })
                : input.body;
            const before = checksumAfterLastRefusal ?? (await checksumTables());
            checksumAfterLastRefusal = undefined;
            const response = await server.app.inject({
              method: operation.method as "GET",
              url: operation.path,
              query: input.query,
              headers,
              ...(hasBody ? { payload: body } : {}),
            });
            expect(
              response.statusCode,
              `${operation.method} ${operation.path}: ${response.body.slice(0, 300)}`,
            ).toBeLessThan(500);
            expect(response.body).not.toMatch(LEAK_PATTERN);
            // The contract is complete: whatever comes back is a status the document declares, with its body
            // schema (the serializer checks a declared status's body against that schema, or answers 500).
            // Collected rather than thrown, so one run names every gap.
            if (operation.path.startsWith("/api/") && !operation.declaredStatuses.has(String(response.statusCode))) {
              undeclared.add(`${operation.method} ${operation.path} ${response.statusCode}`);
            }
            if (response.statusCode >= 400) {
              const after = await checksumTables();
              expect(after, `${operation.method} ${operation.path}`).toBe(before);
              checksumAfterLastRefusal = after;
            }
          }),
          { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
        );
      }
      expect([...undeclared].sort()).toEqual([]);
    }, 1_800_000);
  });
}
