/*
 * product §8's texts for the odd answers a server may give (issue 58, item 9), each proven on a faked answer: fetch
 * answers as the server did, the call made as the page makes it, its failure read by the page's own mapper, and
 * the text looked up in both catalogues. (The fourth, a profile that fails to load, is a browser test:
 * e2e/shell.e2e.ts.)
 */
import { describe, expect, it } from "vitest";
import { findUser } from "@/features/auth/api/find-user";
import { resetPassword } from "@/features/auth/api/reset-password";
import { getPricingSession } from "@/features/subscription/api/get-pricing-session";
import { getPricingFailure } from "@/features/subscription/lib/pricing-failure";
import enAuth from "@/i18n/en/auth.json";
import enSubscription from "@/i18n/en/subscription.json";
import frAuth from "@/i18n/fr/auth.json";
import frSubscription from "@/i18n/fr/subscription.json";
import { stubFetchAndStorage } from "@/test-support/stubbed-fetch";
import { getFindUserFailure, getResetPasswordFailure } from "./account-errors";

const fetchMock = stubFetchAndStorage();

const answer = (status: number, body: string | null, type = "application/json") =>
  fetchMock.mockResolvedValue(new Response(body, { status, headers: body === null ? {} : { "content-type": type } }));

/** What the call threw (each of these answers must fail). */
async function failureOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error("the call succeeded");
}

/** The English and the French of one catalogue key. */
const both = <Key extends string>(en: Record<Key, string>, fr: Record<Key, string>, key: Key) => ({
  en: en[key],
  fr: fr[key],
});

describe("product §8's texts on odd server answers", () => {
  it('a forgot-password request answered 500 with an empty body: "User not found. Please try again"', async () => {
    answer(500, null);
    const { message } = getFindUserFailure(await failureOf(() => findUser("marie@example.ca")));
    expect(both(enAuth.errors, frAuth.errors, message)).toEqual({
      en: "User not found. Please try again",
      fr: frAuth.errors.findUserNotFound,
    });
    // A 500 that says something is still the server failing, not a missing user.
    answer(500, JSON.stringify({ statusCode: 500, error: "Internal Server Error", message: "boom" }));
    expect(getFindUserFailure(await failureOf(() => findUser("marie@example.ca"))).message).toBe("unknown");
  });

  it('a reset answered 200 with Status: Failure: "User not found. Please try again"', async () => {
    for (const body of [{ Status: "Failure" }, { Status: "Failure", Error: "somethingNew" }]) {
      answer(200, JSON.stringify(body));
      const failure = getResetPasswordFailure(
        await failureOf(() => resetPassword({ email: "marie@example.ca", password: "Secret123", securityCode: "1" })),
      );
      expect(failure.status).toBe("failure");
      expect(both(enAuth.errors, frAuth.errors, failure.message)).toEqual({
        en: "User not found. Please try again",
        fr: frAuth.errors.findUserNotFound,
      });
    }
    // "Success" is still a success.
    answer(200, JSON.stringify({ Status: "Success" }));
    await expect(
      resetPassword({ email: "marie@example.ca", password: "Secret123", securityCode: "1" }),
    ).resolves.toEqual({ Status: "Success" });
  });

  it('a subscription answered null: "Something went wrong. Please reload the page."', async () => {
    answer(200, "null");
    const key = getPricingFailure(await failureOf(() => getPricingSession()));
    expect(both(enSubscription, frSubscription, key)).toEqual({
      en: "Something went wrong. Please reload the page.",
      fr: frSubscription.noData,
    });
    // A refusal or a lost connection is the fetch failing: "Failed. Please reload the page."
    answer(500, JSON.stringify({ statusCode: 500, error: "Internal Server Error", message: "boom" }));
    expect(enSubscription[getPricingFailure(await failureOf(() => getPricingSession()))]).toBe(
      "Failed. Please reload the page.",
    );
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    expect(getPricingFailure(await failureOf(() => getPricingSession()))).toBe("failed");
  });

  it("has each of those texts in French, not in English", () => {
    for (const [en, fr] of [
      [enAuth.errors.findUserNotFound, frAuth.errors.findUserNotFound],
      [enSubscription.noData, frSubscription.noData],
    ]) {
      expect(fr).toBeTruthy();
      expect(fr).not.toBe(en);
    }
  });
});
