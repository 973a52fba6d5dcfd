import { describe, expect, it } from "vitest";
import { operations } from "../src/operations.ts";
import { profileOperations } from "../src/profile.ts";

describe("an operation with its schemas bound", () => {
  it("is the table's operation, method and path, so the server registers and the client calls the same route", () => {
    for (const [name, bound] of Object.entries(profileOperations)) {
      const declared = operations[name as keyof typeof profileOperations];
      expect({ method: bound.method, path: bound.path }).toEqual(declared);
    }
  });

  it("checks a request and an answer with the schemas the server validates and serialises with", () => {
    const { body, response } = profileOperations.updateUserDetails.schemas;
    expect(body.safeParse({ firstName: "Marie" }).success).toBe(true);
    expect(body.safeParse({ firstName: "Marie", isAdmin: true }).success).toBe(false);
    expect(response[200].safeParse({ userProfile: null }).success).toBe(true);
    expect(response[400].safeParse({ statusCode: 400, error: "Bad Request", message: "No" }).success).toBe(true);
  });
});
