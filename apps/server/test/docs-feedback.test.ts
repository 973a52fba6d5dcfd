import { count, desc } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { docsFeedback } from "../src/db/schema/index.ts";
import { createTestClock, readSession, xhrHeaders } from "./harness.ts";
import { logIn, registerAccount } from "./support/accounts.ts";
import { useTestServer } from "./support/test-server.ts";

const time = createTestClock();
const server = useTestServer({ time });

// Each test speaks from its own address, so rate-limit counts never leak between tests.
let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

function sendFeedback(body: unknown, { headers = {}, address = newAddress() } = {}) {
  return server.app.inject({
    method: "POST",
    url: "/api/docs-feedback",
    headers: { ...xhrHeaders, ...headers },
    remoteAddress: address,
    payload: body as Record<string, unknown>,
  });
}

async function countFeedbackRows() {
  const [row] = await server.database.db.select({ value: count() }).from(docsFeedback);
  return row?.value ?? 0;
}

/** Sends a request the endpoint must refuse with `status`, and checks that it stored nothing; its answer. */
async function expectRefusedUnstored(send: () => Promise<LightMyRequestResponse>, status: number) {
  const before = await countFeedbackRows();
  const response = await send();
  expect(response.statusCode).toBe(status);
  expect(await countFeedbackRows()).toBe(before);
  return response;
}

async function latestFeedbackRow() {
  const [row] = await server.database.db.select().from(docsFeedback).orderBy(desc(docsFeedback.id)).limit(1);
  return row;
}

describe("POST /api/docs-feedback", () => {
  it("stores an anonymous answer with its trimmed comment", async () => {
    const before = await countFeedbackRows();
    const response = await sendFeedback({
      page: "case-memo",
      helpful: false,
      comment: "  Say how long a memo takes.  ",
      language: "fr",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ received: true });
    expect(await countFeedbackRows()).toBe(before + 1);
    expect(await latestFeedbackRow()).toMatchObject({
      page: "case-memo",
      isHelpful: false,
      comment: "Say how long a memo takes.",
      language: "fr",
      createdAt: time.clock(),
    });
  });

  it("stores a bare yes, without comment or language", async () => {
    const response = await sendFeedback({ page: "faq", helpful: true });
    expect(response.statusCode).toBe(201);
    expect(await latestFeedbackRow()).toMatchObject({ page: "faq", isHelpful: true, comment: null, language: null });
  });

  it("treats a blank comment as no comment", async () => {
    await sendFeedback({ page: "overview", helpful: true, comment: "   " });
    expect((await latestFeedbackRow())?.comment).toBeNull();
  });

  it("accepts a comment of exactly 1000 characters", async () => {
    const response = await sendFeedback({ page: "case-chat", helpful: true, comment: "é".repeat(1000) });
    expect(response.statusCode).toBe(201);
    expect((await latestFeedbackRow())?.comment).toHaveLength(1000);
  });

  it("works for a signed-in reader too, and still stores no account", async () => {
    await registerAccount(server, "reader@example.ca");
    const login = await logIn(server, "reader@example.ca");
    const response = await sendFeedback(
      { page: "install-extension", helpful: true },
      { headers: readSession(login).headers },
    );
    expect(response.statusCode).toBe(201);
    expect(Object.keys((await latestFeedbackRow()) ?? {})).not.toContain("userId");
  });

  describe("refuses bad input with a 400 that says what is wrong, and writes nothing", () => {
    it.each([
      ["an unknown page", { page: "billing", helpful: true }, "body.page", /documentation pages/],
      ["a page given by its path", { page: "precis-search", helpful: true }, "body.page", /documentation pages/],
      [
        "an over-long comment",
        { page: "faq", helpful: false, comment: "a".repeat(1001) },
        "body.comment",
        /at most 1000 characters/,
      ],
      ["a missing answer", { page: "faq" }, "body.helpful", /./],
      ["an answer that is not a boolean", { page: "faq", helpful: "yes" }, "body.helpful", /./],
      [
        "a NUL in the comment",
        { page: "faq", helpful: true, comment: "a\u0000b" },
        "body.comment",
        /control characters/,
      ],
      ["an unknown language", { page: "faq", helpful: true, language: "de" }, "body.language", /./],
      ["an unknown field", { page: "faq", helpful: true, email: "x@example.ca" }, "body.email", /Unrecognized key/],
    ])("%s", async (_label, body, path, fieldMessage) => {
      const error = (await expectRefusedUnstored(() => sendFeedback(body), 400)).json();
      expect(error.message).toContain(path);
      expect(error.fields).toEqual(
        expect.arrayContaining([expect.objectContaining({ path, message: expect.stringMatching(fieldMessage) })]),
      );
    });

    it("refuses a body that is not JSON", async () => {
      const notJson = () =>
        server.app.inject({
          method: "POST",
          url: "/api/docs-feedback",
          headers: { ...xhrHeaders, "content-type": "application/json" },
          payload: "{helpful",
        });
      await expectRefusedUnstored(notJson, 400);
    });
  });

  it("refuses a cross-site form post", async () => {
    const crossSite = () =>
      server.app.inject({ method: "POST", url: "/api/docs-feedback", payload: { page: "faq", helpful: true } });
    await expectRefusedUnstored(crossSite, 403);
  });

  it("limits each address to 30 answers an hour, then answers 429 with Retry-After and writes nothing", async () => {
    const address = newAddress();
    for (let answer = 0; answer < 30; answer++) {
      const response = await sendFeedback({ page: "overview", helpful: answer % 2 === 0 }, { address });
      expect(response.statusCode).toBe(201);
    }
    const refused = await expectRefusedUnstored(
      () => sendFeedback({ page: "overview", helpful: true }, { address }),
      429,
    );
    expect(refused.json().message).toMatch(/try again later/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    // Another address is not affected, and the limit lifts in the next window.
    expect((await sendFeedback({ page: "overview", helpful: true })).statusCode).toBe(201);
    time.advanceMinutes(61);
    expect((await sendFeedback({ page: "overview", helpful: true }, { address })).statusCode).toBe(201);
  });
});
