import { describe, expect, it } from "vitest";
import { getViolatedUniqueConstraint, isDatabaseUnavailable } from "./database-errors.ts";

/** Drizzle wraps the driver's error as the cause of its own ("Failed query: …"). */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });
const withCode = (code: string, message = "driver error") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["an administrator shutdown (57P01), wrapped by Drizzle", wrapped(withCode("57P01"))],
    ["too many connections (53300)", withCode("53300")],
    ["a refused connection", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["a connection cut mid-query", new Error("Connection terminated unexpectedly")],
    ["the pool's wait for a connection running out", new Error("timeout exceeded when trying to connect")],
    ["the query timeout", wrapped(new Error("Query read timeout"))],
  ])("says yes to %s", (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation (23505)", wrapped(withCode("23505"))],
    ["a syntax error (42601)", withCode("42601")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["something that is not an error", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("says no to %s", (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("stops at a cause that loops back on itself", () => {
    const looping: Error & { cause?: unknown } = new Error("outer");
    looping.cause = looping;
    expect(() => isDatabaseUnavailable(looping)).not.toThrow();
  });
});

describe("getViolatedUniqueConstraint", () => {
  it("names the constraint of a unique violation, however deeply wrapped", () => {
    const violation = Object.assign(withCode("23505"), { constraint: "users_email_unique" });
    expect(getViolatedUniqueConstraint(wrapped(wrapped(violation)))).toBe("users_email_unique");
  });

  it("is null for any other error", () => {
    expect(getViolatedUniqueConstraint(wrapped(withCode("23503")))).toBeNull();
  });
});
