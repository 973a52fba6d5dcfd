import SwaggerParser from "@apidevtools/swagger-parser";
import { healthOperations } from "@precis/contract/api";
import { authOperations } from "@precis/contract/auth-operations";
import { clientConfigOperations } from "@precis/contract/client-config";
import { docsOperations } from "@precis/contract/docs";
import { enterpriseSignInOperations } from "@precis/contract/enterprise-sign-in";
import { extensionOperations } from "@precis/contract/extension";
import { firmOperations } from "@precis/contract/firms";
import { memoSettingsOperations } from "@precis/contract/memo-options";
import { mfaOperations } from "@precis/contract/mfa";
import { type OperationName, operations, routeUrl } from "@precis/contract/operations";
import { privacyOperations } from "@precis/contract/privacy";
import { profileOperations } from "@precis/contract/profile";
import { sessionsOperations } from "@precis/contract/sessions";
import { ssoOperations } from "@precis/contract/sso";
import { subscriptionOperations } from "@precis/contract/subscription";
import { verificationOperations } from "@precis/contract/verification";
import { describe, expect, it } from "vitest";
import { productionSettings } from "./legal-settings.ts";
import { useTestServer, withTestServer } from "./support/test-server.ts";

const server = useTestServer();

describe("OpenAPI document", () => {
  it("is valid OpenAPI 3 and lists the API's routes", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/ready", "/api/metrics", "/api/client-config", "/api/user-details"]),
    );
    // Internal plumbing stays out of the published document.
    expect(Object.keys(document.paths)).not.toContain("/api/openapi.json");
  });

  it("registers each route at its one declaration in the contract, with the declared method, and no other", async () => {
    for (const operation of Object.values(operations)) {
      expect(server.app.hasRoute({ method: operation.method, url: routeUrl(operation) }), routeUrl(operation)).toBe(
        true,
      );
    }
    // Every published operation is a declared one: no route was added beside the table.
    const document = (await server.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const declared = new Set(
      Object.values(operations).map((operation) => `${operation.method} ${routeUrl(operation)}`),
    );
    const published = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
    );
    expect(published.filter((route) => !declared.has(route))).toEqual([]);
    // And the table cannot pass by being empty or by naming a route twice.
    expect(declared.size).toBe(Object.keys(operations).length);
    expect(Object.keys(operations)).toContain("getUserDetails" satisfies OperationName);
  });

  it("declares every status an operation answers, with a body schema for each: its own and the shared refusals", async () => {
    const document = (await server.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const statusesOf = (path: string, method: string) =>
      Object.entries(document.paths[path][method].responses as Record<string, { content?: unknown }>)
        .filter(([, response]) => response.content)
        .map(([status]) => status)
        .sort();
    // The extension's main write: its own refusals, and the cross-site guard's, the parser's and the server's.
    expect(statusesOf("/api/user-options", "put")).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "404", "409", "413", "415", "500"]),
    );
    // A read declares no body refusals and no cross-site guard, which only state-changing calls meet.
    expect(statusesOf("/api/entitlement", "get")).toEqual(["200", "401", "500"]);
    expect(statusesOf("/api/health", "get")).not.toContain("401");
  });

  it("leaves an operation's bound schemas in the contract as declared when it adds the shared refusals", () => {
    // The server spreads them into its route schema; the shared 403, 413, 415 and 500 belong to its copy only.
    expect(Object.keys(profileOperations.updateUserDetails.schemas.response)).toEqual(["200", "400", "401"]);
  });

  it("publishes each operation bound in the contract with the statuses and the body it was bound with", async () => {
    const document = (await server.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const bound = {
      ...authOperations,
      ...docsOperations,
      ...enterpriseSignInOperations,
      ...extensionOperations,
      ...firmOperations,
      ...subscriptionOperations,
      ...clientConfigOperations,
      ...healthOperations,
      ...memoSettingsOperations,
      ...mfaOperations,
      ...privacyOperations,
      ...profileOperations,
      ...sessionsOperations,
      ...ssoOperations,
      ...verificationOperations,
    };
    for (const [name, operation] of Object.entries(bound)) {
      const path = routeUrl(operation).replace(/:(\w+)/g, "{$1}");
      const published = document.paths[path]?.[operation.method.toLowerCase()];
      expect(published, name).toBeDefined();
      expect(Object.keys(published.responses), name).toEqual(
        expect.arrayContaining(Object.keys(operation.schemas.response)),
      );
      expect(Boolean(published.requestBody), name).toBe("body" in operation.schemas);
      // Required exactly when the route refuses a call without one (POST /api/memo-usage takes none).
      if ("body" in operation.schemas) {
        const takesNoBody = (
          operation.schemas.body as { safeParse: (value: unknown) => { success: boolean } }
        ).safeParse(undefined).success;
        expect({ name, required: published.requestBody.required }).toEqual({ name, required: !takesNoBody });
      }
    }
    expect(document.paths["/api/memo-usage"].post.requestBody.required).toBe(false);
  });

  it("has a browsable reference", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
  });

  // Issue 42: a production site does not hand out its whole API surface unless its operators choose to.
  const referenceStatuses = (env: Record<string, string>) =>
    withTestServer({ database: server.database, env }, (production) =>
      Promise.all(
        ["/api/docs/", "/api/openapi.json"].map(
          async (url) => (await production.app.inject({ method: "GET", url })).statusCode,
        ),
      ),
    );

  it("is not served in production unless API_DOCS turns it on", async () => {
    expect(await referenceStatuses(productionSettings)).toEqual([404, 404]);
    expect(await referenceStatuses({ ...productionSettings, API_DOCS: "true" })).toEqual([200, 200]);
  });
});
