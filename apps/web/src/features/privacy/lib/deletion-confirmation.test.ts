import { describe, expect, it } from "vitest";
import { isDeletionConfirmed } from "./deletion-confirmation";

describe("isDeletionConfirmed", () => {
  it.each(["marie@example.ca", "  Marie@Example.CA ", "DELETE", "delete", " Delete "])("accepts %o", (typed) => {
    expect(isDeletionConfirmed(typed, "marie@example.ca", "DELETE")).toBe(true);
  });

  it.each(["", "   ", "marie@example", "DELET", "DELETE!", "SUPPRIMER", "marie@example.ca DELETE"])(
    "refuses %o",
    (typed) => {
      expect(isDeletionConfirmed(typed, "marie@example.ca", "DELETE")).toBe(false);
    },
  );

  it("takes the word of the dialog's language", () => {
    expect(isDeletionConfirmed("supprimer", "marie@example.ca", "SUPPRIMER")).toBe(true);
  });
});
