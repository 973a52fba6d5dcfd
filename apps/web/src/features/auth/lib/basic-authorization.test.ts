import { describe, expect, it } from "vitest";
import { basicAuthorization } from "./basic-authorization";

function decode(header: string): string {
  return Buffer.from(header.replace(/^Basic /, ""), "base64").toString("utf8");
}

describe("basicAuthorization", () => {
  it("encodes user and secret joined by a colon", () => {
    expect(basicAuthorization("Aladdin", "open sesame")).toBe("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
  });

  it("encodes non-Latin-1 characters as UTF-8", () => {
    const header = basicAuthorization("élise@exemple.ca", "Mot2passe€✓");
    expect(header).toBe(`Basic ${Buffer.from("élise@exemple.ca:Mot2passe€✓", "utf8").toString("base64")}`);
    expect(decode(header)).toBe("élise@exemple.ca:Mot2passe€✓");
  });

  it("keeps colons in the secret and allows an empty secret", () => {
    expect(decode(basicAuthorization("a@b.ca", "pa:ss"))).toBe("a@b.ca:pa:ss");
    expect(decode(basicAuthorization("a@b.ca", ""))).toBe("a@b.ca:");
  });
});
