import { describe, expect, it } from "vitest";
import { healthOperations } from "../src/api.ts";
import { authOperations } from "../src/auth-operations.ts";
import { clientConfigOperations } from "../src/client-config.ts";
import { docsOperations } from "../src/docs.ts";
import { extensionOperations } from "../src/extension.ts";
import { firmOperations } from "../src/firms.ts";
import { memoSettingsOperations } from "../src/memo-options.ts";
import { mfaOperations } from "../src/mfa.ts";
import { type OperationName, operations } from "../src/operations.ts";
import { privacyOperations } from "../src/privacy.ts";
import { profileOperations } from "../src/profile.ts";
import { sessionsOperations } from "../src/sessions.ts";
import { ssoOperations } from "../src/sso.ts";
import { subscriptionOperations } from "../src/subscription.ts";
import { verificationOperations } from "../src/verification.ts";

/** Every feature's table of operations with their schemas bound, by the name each feature exports it under. */
const boundTables = {
  profileOperations,
  memoSettingsOperations,
  mfaOperations,
  sessionsOperations,
  verificationOperations,
  ssoOperations,
  privacyOperations,
  docsOperations,
  extensionOperations,
  healthOperations,
  authOperations,
  firmOperations,
  subscriptionOperations,
  clientConfigOperations,
};

describe("an operation with its schemas bound", () => {
  it.each(Object.entries(boundTables))(
    "%s: each is the table's operation under its own name, so the server registers and the client calls the same route",
    (_table, bound) => {
      expect(Object.keys(bound).length).toBeGreaterThan(0);
      for (const [name, operation] of Object.entries(bound)) {
        expect(name in operations, name).toBe(true);
        expect({ method: operation.method, path: operation.path }, name).toEqual(operations[name as OperationName]);
        // Each status has a schema a caller can read an answer with.
        for (const [status, schema] of Object.entries(operation.schemas.response)) {
          expect(Number(status), `${name} ${status}`).toBeGreaterThanOrEqual(200);
          expect(typeof (schema as { safeParse?: unknown }).safeParse, `${name} ${status}`).toBe("function");
        }
      }
    },
  );

  it("binds each operation once, in one feature's table", () => {
    const names = Object.values(boundTables).flatMap((bound) => Object.keys(bound));
    expect(names.length).toBe(new Set(names).size);
  });

  it("checks a request and an answer with the schemas the server validates and serialises with", () => {
    const { body, response } = profileOperations.updateUserDetails.schemas;
    expect(body.safeParse({ firstName: "Marie" }).success).toBe(true);
    expect(body.safeParse({ firstName: "Marie", isAdmin: true }).success).toBe(false);
    expect(response[200].safeParse({ userProfile: null }).success).toBe(true);
    expect(response[400].safeParse({ statusCode: 400, error: "Bad Request", message: "No" }).success).toBe(true);
  });
});
