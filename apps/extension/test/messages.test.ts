import { readFileSync } from "node:fs";
import { accessKinds } from "@precis/contract/subscription";
import { describe, expect, it } from "vitest";

const messages = (language: "en" | "fr") =>
  JSON.parse(readFileSync(new URL(`../public/_locales/${language}/messages.json`, import.meta.url), "utf8")) as Record<
    string,
    { message: string }
  >;

// The popup names the access as `access_<kind>`: a kind the server can answer with and no message for would show
// chrome.i18n's empty string (firms brought "firm" and "policy").
describe("the popup's messages", () => {
  it.each(["en", "fr"] as const)("name every kind of access in %s", (language) => {
    for (const kind of accessKinds) expect(messages(language)[`access_${kind}`]?.message, kind).toBeTruthy();
  });

  it("have the same keys in English and French", () => {
    expect(Object.keys(messages("fr")).sort()).toEqual(Object.keys(messages("en")).sort());
  });
});
