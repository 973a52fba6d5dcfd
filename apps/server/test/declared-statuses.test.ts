import { apiErrorSchema } from "@precis/contract/api";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answerFromFacts, apiFailure, type FailureResponse } from "../src/lib/operations/failures.ts";
import { operationRoutes, type RoutePolicy } from "../src/lib/operations/routes.ts";
import { registerRoutePolicy } from "../src/plugins/route-policy.ts";
import { createLogCapture } from "./harness.ts";
import { useTestServer } from "./support/test-server.ts";

const server = useTestServer();

/** A bare app with the route-policy layer and nothing else, and the lines it logs. */
function bareApp() {
  const logs = createLogCapture();
  const app = Fastify({ logger: { level: "warn", stream: logs.stream } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRoutePolicy(app);
  return { app: app.withTypeProvider<ZodTypeProvider>(), logs };
}

/** A throwaway read anyone may call that declares 200 and whatever else `declared` adds, under the policy given. */
function registerRead(
  declared: Record<number, typeof apiErrorSchema>,
  policy: Pick<RoutePolicy, "rateLimits" | "answersItself"> & { failures?: Record<string, FailureResponse> } = {},
) {
  const { app, logs } = bareApp();
  const operation = {
    method: "GET",
    path: "/test/read",
    schemas: { response: { 200: z.object({ read: z.literal(true) }), ...declared } },
  } as const;
  const register = async () => {
    operationRoutes(app, "test")(operation, { summary: "A throwaway read", access: "anyone", ...policy }, async () => ({
      read: true as const,
    }));
    await app.ready();
  };
  return { app, logs, register };
}

describe("an operation's declared statuses, held to what its route answers when it is registered", () => {
  it("refuses a route that declares a status nothing of it answers, naming the route and the status", async () => {
    const { app, register } = registerRead({ 409: apiErrorSchema });
    await expect(register()).rejects.toThrow(/GET \/api\/test\/read declares 409, which the route never answers/);
    await app.close();
  });

  it("takes a status from its failure table, its policy, the shared refusals and its handler's own", async () => {
    const fromTable = registerRead({ 409: apiErrorSchema }, { failures: { taken: apiFailure(409, "Taken.") } });
    await expect(fromTable.register()).resolves.toBeUndefined();
    await fromTable.app.close();

    const fromPolicy = registerRead({ 429: apiErrorSchema, 500: apiErrorSchema }, { rateLimits: { checks: () => [] } });
    await expect(fromPolicy.register()).resolves.toBeUndefined();
    await fromPolicy.app.close();

    const fromHandler = registerRead({ 503: apiErrorSchema }, { answersItself: [503] });
    await expect(fromHandler.register()).resolves.toBeUndefined();
    await fromHandler.app.close();
  });

  it("reads the status of an entry written from facts as data, without an outcome", async () => {
    const named = answerFromFacts(410, ({ name }: { name: string }) => ({ message: `${name} is gone.` }));
    expect(named.statusCode).toBe(410);
    const { app, register } = registerRead({ 410: apiErrorSchema }, { failures: { gone: named } });
    await expect(register()).resolves.toBeUndefined();
    await app.close();
  });

  it("refuses a route whose table answers a status its operation does not declare", async () => {
    const { app, register } = registerRead({}, { failures: { taken: apiFailure(409, "Taken.") } });
    await expect(register()).rejects.toThrow("answers 409, which its operation does not declare");
    await app.close();
  });

  it("starts the real app, so every route's declared statuses are ones it answers", async () => {
    // Registration throws on a status declared and never answered, or answered and not declared: that the server
    // started is the proof for every route.
    const document = (await server.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);
  });

  it("keeps readiness's 503, which its handler answers itself, and drops what no route answered", async () => {
    const document = (await server.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(document.paths["/api/ready"].get.responses)).toContain("503");
    expect(Object.keys(document.paths["/api/passkeys/{id}"].delete.responses)).not.toContain("429");
    expect(Object.keys(document.paths["/api/register"].post.responses)).not.toContain("404");
  });
});
