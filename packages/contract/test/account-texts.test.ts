import { describe, expect, it } from "vitest";
import { formatPersonName, getGreetingName, keepNameTogether } from "../src/account-texts.ts";

describe("formatPersonName: names as typed, but for a clear slip (issue 43)", () => {
  it.each([
    // Kept as typed: hyphens, apostrophes, inner capitals and particles are the person's own spelling.
    ["Jean-Pierre", "Jean-Pierre"],
    ["McDonald", "McDonald"],
    ["O'Brien", "O'Brien"],
    ["O’Brien", "O’Brien"],
    ["van der Berg", "van der Berg"],
    ["de Grandpré", "de Grandpré"],
    ["DeShawn", "DeShawn"],
    ["Marie-Ève", "Marie-Ève"],
    ["JP", "JP"],
    ["李小龍", "李小龍"],
    // All lower case: each part gets its capital, particles after the first word stay small.
    ["jean-pierre", "Jean-Pierre"],
    ["o'brien", "O'Brien"],
    ["marie-ève", "Marie-Ève"],
    ["jeanne d'arc", "Jeanne d'Arc"],
    ["ludwig van beethoven", "Ludwig van Beethoven"],
    ["élodie", "Élodie"],
    // All capitals, and inverted case.
    ["JEAN-FRANÇOIS", "Jean-François"],
    ["mARIE", "Marie"],
    ["jEAN-pIERRE", "Jean-Pierre"],
    // Spaces around and inside.
    ["  élodie  ", "Élodie"],
    ["Mary   Ann", "Mary Ann"],
    ["", ""],
    ["   ", ""],
  ])("%s → %s", (typed, shown) => {
    expect(formatPersonName(typed)).toBe(shown);
  });

  it("keeps a letter outside the Basic Multilingual Plane whole", () => {
    expect(formatPersonName("𝒜lice")).toBe("𝒜lice");
  });
});

describe("greetings", () => {
  it("never break a name across lines, in either language's sentence", () => {
    expect(keepNameTogether("Jean-Pierre")).toBe("Jean\u2011Pierre");
    expect(getGreetingName({ firstName: "mary ann", name: "mann" })).toBe("Mary\u00a0Ann");
    expect(getGreetingName({ firstName: "jean-pierre", name: "jp" })).toBe("Jean\u2011Pierre");
    // Without a first name, the username as chosen.
    expect(getGreetingName({ firstName: " ", name: "j_tremblay" })).toBe("j_tremblay");
  });
});
