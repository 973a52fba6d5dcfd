/*
 * Issue 54, "the document tells the truth": one person's session of real requests and answers, recorded through
 * the real server, is held to the published OpenAPI document by an OpenAPI validator (openapi-backend, which
 * validates with ajv; the document is 3.1.0, so its schemas are JSON Schema 2020-12).
 */
import SwaggerParser from "@apidevtools/swagger-parser";
import { defaultMemoOptionSet } from "@precis/contract/memo-options";
import { type OperationName, operations, routeUrl } from "@precis/contract/operations";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { OpenAPIBackend, type Operation } from "openapi-backend";
import { beforeAll, describe, expect, it } from "vitest";
import { logIn, postAs, registerAccount, TEST_PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { callOperation, type OperationCall } from "./support/operations.ts";
import { useTestServer } from "./support/test-server.ts";

const server = useTestServer();

interface Exchange {
  request: {
    method: string;
    path: string;
    query: Record<string, string>;
    headers: Record<string, string>;
    body?: unknown;
  };
  response: LightMyRequestResponse;
  /** Sent to be refused by the server's validation: the document must refuse it too. */
  isMeantInvalid: boolean;
}

const recording: Exchange[] = [];
let nextIsMeantInvalid = false;

/** The file's server as the shared helpers use it, with every call they make written down with its answer. */
const recorder = new Proxy(server, {
  get(target, property) {
    if (property !== "app") return Reflect.get(target, property);
    const app = target.app;
    return new Proxy(app, {
      get(innerTarget, innerProperty) {
        if (innerProperty !== "inject") return Reflect.get(innerTarget, innerProperty);
        return async (options: InjectOptions) => {
          const isMeantInvalid = nextIsMeantInvalid;
          nextIsMeantInvalid = false;
          const response = await innerTarget.inject(options);
          const url = new URL(String(options.url), "http://localhost");
          recording.push({
            request: {
              method: String(options.method ?? "GET"),
              path: url.pathname,
              query: { ...Object.fromEntries(url.searchParams), ...((options.query as Record<string, string>) ?? {}) },
              headers: (options.headers ?? {}) as Record<string, string>,
              body: options.payload,
            },
            response,
            isMeantInvalid,
          });
          return response;
        };
      },
    });
  },
});

/** Marks the next call as one the document itself must refuse (a body that breaks the schema). */
const meantInvalid = <Result>(call: () => Result) => {
  nextIsMeantInvalid = true;
  return call();
};

/** The contract's names for the document's operations, which @fastify/swagger publishes without an id. */
function withOperationIds<Document extends { paths: Record<string, Record<string, { operationId?: string }>> }>(
  document: Document,
) {
  const copy = structuredClone(document);
  for (const [name, operation] of Object.entries(operations)) {
    const published = copy.paths[routeUrl(operation).replace(/:(\w+)/g, "{$1}")]?.[operation.method.toLowerCase()];
    if (published) published.operationId = name;
  }
  return copy;
}

/**
 * openapi-backend checks a definition against the OpenAPI 3.0 schema only, which refuses 3.1's: swagger-parser,
 * which knows 3.1, checks the document instead (as openapi.test.ts does), and the backend only validates with it.
 */
class OpenApi31Backend extends OpenAPIBackend {
  override validateDefinition() {
    return this.document;
  }
}

async function loadValidator() {
  const response = await server.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(document.openapi).toBe("3.1.0");
  await SwaggerParser.validate(structuredClone(document));
  const api = new OpenApi31Backend({
    definition: withOperationIds(document),
    strict: true,
    // The document's schemas are JSON Schema 2020-12: the draft-07 Ajv openapi-backend starts with would misread them.
    customizeAjv: (original, options) => {
      const ajv = new Ajv2020({ ...options, allErrors: true });
      addFormats(ajv);
      // openapi-backend's own OpenAPI formats (int32, int64, float…), which ajv-formats does not know.
      for (const [name, format] of Object.entries(original.formats))
        if (format && !ajv.formats[name]) ajv.addFormat(name, format);
      return ajv as unknown as typeof original;
    },
  });
  await api.init();
  return api;
}

type ResponseObject = { content?: Record<string, { schema?: unknown }> };

/** The status the document declares for `status`, as written in its responses (exactly, as `4XX`, or `default`). */
const declaredStatus = (operation: Operation, status: number) =>
  [String(status), `${Math.floor(status / 100)}XX`, "default"].find((key) => key in (operation.responses ?? {}));

const describeErrors = (errors: { instancePath?: string; message?: string; params?: unknown }[] | null | undefined) =>
  (errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message} ${JSON.stringify(error.params)}`);

/** Every way an exchange disagrees with the document, in words. */
function violationsOf(api: OpenAPIBackend, { request, response, isMeantInvalid }: Exchange) {
  const where = `${request.method} ${request.path} → ${response.statusCode}`;
  const operation = api.matchOperation({ method: request.method, path: request.path, headers: request.headers });
  if (!operation?.operationId) return [`${where}: the document has no such operation`];
  const name = `${operation.operationId} (${where})`;
  const violations: string[] = [];

  const requestResult = api.validateRequest(
    { method: request.method, path: request.path, headers: request.headers, query: request.query, body: request.body },
    operation,
  );
  if (isMeantInvalid && requestResult.valid)
    violations.push(`${name}: the document accepts a request the server refused`);
  if (!isMeantInvalid && !requestResult.valid)
    violations.push(`${name}: request breaks the document: ${describeErrors(requestResult.errors).join("; ")}`);

  const status = declaredStatus(operation, response.statusCode);
  if (!status) return [...violations, `${name}: status ${response.statusCode} is not declared`];
  const declared = (operation.responses?.[status] ?? {}) as ResponseObject;
  const isJson = String(response.headers["content-type"] ?? "").startsWith("application/json");
  if (!declared.content?.["application/json"]) {
    if (isJson) violations.push(`${name}: answered a JSON body the document does not describe`);
    return violations;
  }
  if (!isJson) return [...violations, `${name}: answered ${response.headers["content-type"]}, not the JSON declared`];
  const result = api.validateResponse(response.json(), operation, response.statusCode);
  if (!result.valid)
    violations.push(`${name}: body breaks the ${status} schema: ${describeErrors(result.errors).join("; ")}`);
  return violations;
}

/** One person's afternoon: signing up, settling in, a few mistakes, and leaving. */
async function recordSession() {
  const email = uniqueEmail("recorded");
  await callOperation(recorder, null, "getClientConfig");
  const { session } = await registerAccount(recorder, email, {
    details: { firstName: "Aline", role: "lawyer" },
    isVerified: true,
  });
  const as = (name: OperationName, call: OperationCall = {}) => callOperation(recorder, session, name, call);

  await as("getUserDetails");
  await as("updateUserDetails", { body: { organization: "Cabinet Tremblay", firstName: "Aline" } });
  await as("getUserDetails");
  await as("getUserOptions");
  await as("saveUserOptions", {
    body: { ...defaultMemoOptionSet, name: "For my supervisor", memoSummary: "Short", memoTone: "Supervisor" },
  });
  await as("getUserOptions");
  const created = await as("createMemoPreset", { body: { name: "For the court" } });
  expect(created.statusCode).toBe(200);
  const { updatedOptionId, selectedOptionId } = created.json();
  await as("selectMemoPreset", { body: { id: updatedOptionId } });
  await as("selectMemoPreset", { body: { id: selectedOptionId } });
  await as("deleteMemoPreset", { parameters: { id: String(updatedOptionId) } });
  await as("getEntitlement");
  expect((await as("reportMemoUsage")).statusCode).toBe(200);
  await as("getEntitlement");
  await as("getMfaStatus");
  await as("getConsents");
  await as("requestHandoffCode", { body: {}, headers: { origin: server.config.publicUrl } });

  // A second browser: signing in there, with a wrong password first.
  expect((await logIn(recorder, email, "not the password")).statusCode).toBe(401);
  const other = await logIn(recorder, email, TEST_PASSWORD);
  expect(other.statusCode).toBe(200);
  const sessions = await as("getSessions");
  const otherSession = (sessions.json().sessions as { id: number; isCurrent: boolean }[]).find((row) => !row.isCurrent);
  expect(otherSession).toBeDefined();

  // Refusals: a bad body, a session that does not exist, a page on another site, a signed-out caller.
  expect((await meantInvalid(() => as("updateUserDetails", { body: { role: "astronaut" } }))).statusCode).toBe(400);
  expect((await meantInvalid(() => as("saveUserOptions", { body: { memoTone: 42 } }))).statusCode).toBe(400);
  expect((await as("revokeSession", { parameters: { id: "999999999" } })).statusCode).toBe(404);
  expect((await meantInvalid(() => as("revokeSession", { parameters: { id: "not-a-session" } }))).statusCode).toBe(400);
  expect(
    (
      await recorder.app.inject({
        method: "PATCH",
        url: "/api/user-details",
        headers: { ...session.headers, origin: "https://elsewhere.example" },
        payload: { organization: "Elsewhere" },
      })
    ).statusCode,
  ).toBe(403);
  expect((await callOperation(recorder, null, "getEntitlement")).statusCode).toBe(401);
  expect((await callOperation(recorder, null, "getSessions")).statusCode).toBe(401);
  expect((await postAs(recorder, "/api/memo-usage", null)).statusCode).toBe(401);
  await callOperation(recorder, null, "getUserDetails");

  await as("revokeSession", { parameters: { id: String(otherSession?.id) } });
  await as("getSessions");
  await as("logOut");
  expect((await as("getEntitlement")).statusCode).toBe(401);
}

describe("a recorded session, held to the OpenAPI document", () => {
  // Compiling the whole document's schemas is most of this file's time: once, in a hook, for both tests.
  let api: OpenAPIBackend;
  beforeAll(async () => {
    api = await loadValidator();
  });

  it("finds every request and answer of one person's session as the document describes them", async () => {
    await recordSession();

    const violations = recording.flatMap((exchange) => violationsOf(api, exchange));
    expect(violations).toEqual([]);

    // The test cannot pass by recording nothing, or only the easy answers.
    const covered = new Set(
      recording.map((exchange) => api.matchOperation({ ...exchange.request })?.operationId).filter(Boolean),
    );
    expect(recording.length).toBeGreaterThanOrEqual(25);
    expect([...covered]).toEqual(
      expect.arrayContaining([
        "register",
        "verifyEmail",
        "logIn",
        "logOut",
        "getUserDetails",
        "updateUserDetails",
        "getUserOptions",
        "saveUserOptions",
        "createMemoPreset",
        "getSessions",
        "revokeSession",
        "getEntitlement",
        "reportMemoUsage",
        "requestHandoffCode",
      ]),
    );
    expect(covered.size).toBeGreaterThanOrEqual(18);
    expect(recording.filter((exchange) => exchange.isMeantInvalid)).toHaveLength(3);
    const statuses = new Set(recording.map((exchange) => exchange.response.statusCode));
    expect([...statuses].filter((status) => status >= 400 && status < 500).sort()).toEqual(
      expect.arrayContaining([400, 401, 403, 404]),
    );
  });

  it("catches an answer that breaks the document: a user's details without a required member", async () => {
    const { session } = await registerAccount(server, uniqueEmail("broken"));
    const answer = await callOperation(server, session, "getUserDetails");
    expect(answer.statusCode).toBe(200);
    const operation = api.getOperation("getUserDetails");
    const schema = (operation?.responses?.["200"] as ResponseObject | undefined)?.content?.["application/json"]
      ?.schema as {
      required?: string[];
    };
    const [member] = schema.required ?? [];
    expect(member).toBeDefined();
    const { [member as string]: _dropped, ...broken } = answer.json();

    expect(api.validateResponse(answer.json(), "getUserDetails", 200).valid).toBe(true);
    const result = api.validateResponse(broken, "getUserDetails", 200);
    expect(result.valid).toBe(false);
    expect(describeErrors(result.errors).join("; ")).toContain(member);
  });
});
