import { apiErrorSchema } from "@precis/contract/api";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiFailure } from "../src/lib/operations/failures.ts";
import { operationRoutes } from "../src/lib/operations/routes.ts";
import { xhrHeaders } from "./harness.ts";
import { useTestServer } from "./support/test-server.ts";

const server = useTestServer();

/** An operation that stores what it was sent, so its contract declares 201 for its success. */
const store = {
  method: "POST",
  path: "/test/stored",
  schemas: {
    body: z.object({ name: z.string() }),
    response: { 201: z.object({ stored: z.literal(true) }), 409: apiErrorSchema },
  },
} as const;
const storeSignedIn = { ...store, path: "/test/stored-signed-in" };
const storeSessionFirst = { ...store, path: "/test/stored-session-first" };

beforeAll(async () => {
  const route = operationRoutes(server.app.withTypeProvider<ZodTypeProvider>(), "test");
  const policies = [
    [store, { access: "anyone" }],
    [storeSignedIn, { access: "signedIn" }],
    [storeSessionFirst, { access: "signedIn", sessionBeforeBody: true }],
  ] as const;
  for (const [operation, policy] of policies) {
    route(
      operation,
      { summary: "Store a name", failures: { taken: apiFailure(409, "This name is taken.") }, ...policy },
      async (request, _reply, { fail }) => (request.body.name === "taken" ? fail("taken") : { stored: true as const }),
    );
  }
  await server.app.ready();
});

const post = (url: string, payload: object) =>
  server.app.inject({ method: "POST", url: `/api${url}`, headers: xhrHeaders, payload });

describe("the route policy layer", () => {
  it("answers a success with the operation's declared success status, and a failure with its own", async () => {
    const stored = await post(store.path, { name: "new" });
    expect(stored.statusCode).toBe(201);
    expect(stored.json()).toEqual({ stored: true });
    const refused = await post(store.path, { name: "taken" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: "This name is taken." });
  });

  it("checks the session before the body only for a route that says so (sessionBeforeBody)", async () => {
    expect((await post(storeSignedIn.path, {})).statusCode).toBe(400);
    expect((await post(storeSignedIn.path, { name: "new" })).statusCode).toBe(401);
    expect((await post(storeSessionFirst.path, {})).statusCode).toBe(401);
  });
});
