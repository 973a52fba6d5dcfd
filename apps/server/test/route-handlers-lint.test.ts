import path from "node:path";
import { describe, expect, it } from "vitest";
import { findHandlerGuards, routeFiles } from "../scripts/check-route-handlers.ts";

const modules = path.resolve(import.meta.dirname, "../src/modules");

describe("the route-handler lint (decision 046)", () => {
  it("finds each guard, error answer, status and cache header a handler writes itself", () => {
    const source = `
      import { operationRoutes } from "../sessions/operation-routes.ts";
      route(op, "summary", async (request, reply) => {
        const session = requireSession(request, reply);
        if (!(await enforceRateLimits(app, reply, [], {}))) return reply;
        reply.header("Cache-Control", "no-store");
        if (!session) return sendApiError(reply, 409, "No.");
        return reply.code(201).send({ ok: true });
      });`;
    expect(findHandlerGuards(source)).toEqual([
      { line: 2, message: expect.stringContaining("operationRoutes") },
      { line: 4, message: expect.stringContaining("requireSession") },
      { line: 5, message: expect.stringContaining("enforceRateLimits") },
      { line: 6, message: expect.stringContaining("cache-control") },
      { line: 7, message: expect.stringContaining("sendApiError") },
      { line: 8, message: expect.stringContaining("reply.code") },
    ]);
  });

  it("reads code, not words: comments, strings and other objects' methods pass", () => {
    const source = `
      // A handler never calls sendApiError(reply, 401) nor reply.code(401) itself.
      const text = "requireSession(request, reply) sets cache-control";
      route(op, { summary: "…", access: "signedIn", cache: "no-store" }, async (_r, _reply, { fail }) => {
        response.status(200);
        headers.header("content-disposition", "attachment");
        return fail("unknown");
      });`;
    expect(findHandlerGuards(source)).toEqual([]);
  });

  // `npm run lint` runs the check over these files; here, that it reads the right ones.
  it("reads every module's route files but the two whose status is their answer", () => {
    const files = routeFiles(modules).map((file) => path.relative(modules, file));
    expect(files).toContain("sessions/routes.ts");
    expect(files).not.toContain("health/routes.ts");
    expect(files).not.toContain("metrics/routes.ts");
    expect(files).toContain("billing/routes.ts");
  });
});
