import type { FormRule } from "antd";
import { describe, expect, it } from "vitest";
import { matchesFieldRule, passwordRequirementsRule, trimValue, withoutInvisibleCharactersRule } from "./form-rules";

// The rule is an object (not a function of the form), as antd calls it.
type RuleObject = Exclude<FormRule, (...args: never[]) => unknown>;

function validate(value: unknown) {
  const rule = passwordRequirementsRule("Password Requirements are not met") as RuleObject;
  return rule.validator?.(rule, value, () => {});
}

describe("passwordRequirementsRule", () => {
  it("accepts a password that meets the four requirements", async () => {
    await expect(validate("Abcdefg1")).resolves.toBeUndefined();
  });

  it.each(["Abcdefg", "abcdefg1", "ABCDEFG1", "Abcdefgh"])("rejects %s with the screen's message", async (password) => {
    await expect(validate(password)).rejects.toThrow("Password Requirements are not met");
  });

  it("leaves an empty field to the required rule", async () => {
    await expect(validate("")).resolves.toBeUndefined();
    await expect(validate(undefined)).resolves.toBeUndefined();
  });
});

describe("trimValue", () => {
  it("trims strings and leaves other values alone", () => {
    expect(trimValue("  jane@example.ca ")).toBe("jane@example.ca");
    expect(trimValue(undefined)).toBeUndefined();
  });
});

describe("matchesFieldRule", () => {
  function validateConfirmation(value: unknown, password: unknown) {
    const makeRule = matchesFieldRule("password", "Passwords do not match") as (form: {
      getFieldValue: (name: string) => unknown;
    }) => RuleObject;
    const rule = makeRule({ getFieldValue: (name) => (name === "password" ? password : undefined) });
    return rule.validator?.(rule, value, () => {});
  }

  it("accepts the same value as the named field", async () => {
    await expect(validateConfirmation("Abcdefg1", "Abcdefg1")).resolves.toBeUndefined();
  });

  it("rejects another value with the screen's message", async () => {
    await expect(validateConfirmation("Abcdefg2", "Abcdefg1")).rejects.toThrow("Passwords do not match");
  });

  it("leaves an empty field to the required rule", async () => {
    await expect(validateConfirmation("", "Abcdefg1")).resolves.toBeUndefined();
  });
});

describe("withoutInvisibleCharactersRule", () => {
  const rule = withoutInvisibleCharactersRule("Remove the invisible characters") as RuleObject;
  const check = (value: unknown) => rule.validator?.(rule, value, () => {});

  it("refuses a zero-width space or a direction override with the screen's message", async () => {
    await expect(check("Tremblay\u200BAvocats")).rejects.toThrow("Remove the invisible characters");
    await expect(check("code\u202E1")).rejects.toThrow("Remove the invisible characters");
  });

  it("takes a name in any script, and leaves an empty field to required", async () => {
    await expect(check("Étude Côté")).resolves.toBeUndefined();
    await expect(check("Ковальчук")).resolves.toBeUndefined();
    await expect(check(undefined)).resolves.toBeUndefined();
  });
});
