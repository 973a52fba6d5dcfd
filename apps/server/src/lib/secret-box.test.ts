import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isSealedWithOlderKey, openSecret, parseSecretKeyRing, sealSecret } from "./secret-box.ts";

const hexKey = () => randomBytes(32).toString("hex");
const CONTEXT = "enterprise-connection:7:client-secret";

describe("the secret box", () => {
  it("opens what it sealed, and seals the same secret differently each time", () => {
    const ring = parseSecretKeyRing(`1:${hexKey()}`);
    const first = sealSecret(ring, "client-secret-value", CONTEXT);
    const second = sealSecret(ring, "client-secret-value", CONTEXT);
    expect(first).not.toBe(second);
    expect(first).not.toContain("client-secret-value");
    expect(openSecret(ring, first, CONTEXT)).toBe("client-secret-value");
    expect(openSecret(ring, second, CONTEXT)).toBe("client-secret-value");
  });

  it("refuses a value sealed for another place, or altered", () => {
    const ring = parseSecretKeyRing(`1:${hexKey()}`);
    const sealed = sealSecret(ring, "s3cret", CONTEXT);
    expect(() => openSecret(ring, sealed, "enterprise-connection:8:client-secret")).toThrow();
    const payload = Buffer.from(sealed.slice(3), "base64url");
    payload[payload.length - 1] = (payload.at(-1) ?? 0) ^ 1;
    expect(() => openSecret(ring, `k1:${payload.toString("base64url")}`, CONTEXT)).toThrow();
    expect(() => openSecret(ring, "v1:abc", CONTEXT)).toThrow("not a sealed secret");
  });

  it("seals with the newest key and still opens what older keys sealed, until they leave the ring", () => {
    const oldKey = hexKey();
    const newKey = randomBytes(32).toString("base64");
    const before = parseSecretKeyRing(`1:${oldKey}`);
    const sealedBefore = sealSecret(before, "kept through the rotation", CONTEXT);

    const rotated = parseSecretKeyRing(`2:${newKey},1:${oldKey}`);
    expect(rotated.sealingVersion).toBe(2);
    expect(openSecret(rotated, sealedBefore, CONTEXT)).toBe("kept through the rotation");
    expect(isSealedWithOlderKey(rotated, sealedBefore)).toBe(true);
    const resealed = sealSecret(rotated, "kept through the rotation", CONTEXT);
    expect(resealed.startsWith("k2:")).toBe(true);
    expect(isSealedWithOlderKey(rotated, resealed)).toBe(false);

    const withoutOld = parseSecretKeyRing(`2:${newKey}`);
    expect(openSecret(withoutOld, resealed, CONTEXT)).toBe("kept through the rotation");
    expect(() => openSecret(withoutOld, sealedBefore, CONTEXT)).toThrow("key ring no longer holds");
  });

  it("says what is wrong with a malformed ring", () => {
    expect(() => parseSecretKeyRing("")).toThrow('"version:key"');
    expect(() => parseSecretKeyRing("1:short")).toThrow("32 bytes");
    const key = hexKey();
    expect(() => parseSecretKeyRing(`1:${key},1:${key}`)).toThrow("listed twice");
  });
});
