import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

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

  it("has a browsable reference", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
  });
});
