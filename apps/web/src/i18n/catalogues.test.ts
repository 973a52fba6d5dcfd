import { describe, expect, it } from "vitest";
import { resources } from "./resources";

type Catalogue = Record<string, unknown>;

/** Flattens nested JSON into dotted keys; any non-string leaf is reported as such. */
function flatten(catalogue: Catalogue, prefix = ""): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [nestedKey, nestedValue] of flatten(value as Catalogue, path)) entries.set(nestedKey, nestedValue);
    } else {
      entries.set(path, value);
    }
  }
  return entries;
}

function interpolationVariables(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((match) => match[1] ?? "").sort();
}

const [reference, ...others] = Object.keys(resources) as (keyof typeof resources)[];
if (!reference) throw new Error("No catalogues found");

describe("translation catalogues", () => {
  it.each(others)("%s has the same namespaces as the reference language", (language) => {
    expect(Object.keys(resources[language]).sort()).toEqual(Object.keys(resources[reference]).sort());
  });

  for (const namespace of Object.keys(resources[reference]) as (keyof (typeof resources)["en"])[]) {
    const referenceEntries = flatten(resources[reference][namespace]);

    describe(`namespace "${namespace}"`, () => {
      it.each(others)(`%s has exactly the keys of ${reference}`, (language) => {
        const entries = flatten(resources[language][namespace]);
        const missing = [...referenceEntries.keys()].filter((key) => !entries.has(key));
        const extra = [...entries.keys()].filter((key) => !referenceEntries.has(key));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it.each(Object.keys(resources))("%s has a non-empty string for every key", (language) => {
        const entries = flatten(resources[language as keyof typeof resources][namespace]);
        const invalid = [...entries].filter(([, value]) => typeof value !== "string" || value.trim() === "");
        expect(invalid.map(([key]) => key)).toEqual([]);
      });

      it.each(others)(`%s uses the same interpolation variables as ${reference}`, (language) => {
        const entries = flatten(resources[language][namespace]);
        const mismatches = [...referenceEntries]
          .filter(([key]) => entries.has(key))
          .map(([key, value]) => ({
            key,
            [reference]: interpolationVariables(String(value)),
            [language]: interpolationVariables(String(entries.get(key))),
          }))
          .filter((row) => JSON.stringify(row[reference]) !== JSON.stringify(row[language]));
        expect(mismatches).toEqual([]);
      });
    });
  }
});
