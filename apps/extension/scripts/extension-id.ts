import { createHash } from "node:crypto";

/**
 * Chrome's id for an extension with this public key (the manifest's `key`, base64 DER): the first 32 hex digits of
 * the key's SHA-256, each written with the letters a to p instead of 0 to f.
 */
export function extensionIdFromPublicKey(base64PublicKey: string): string {
  const digest = createHash("sha256").update(Buffer.from(base64PublicKey, "base64")).digest("hex");
  return [...digest.slice(0, 32)].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join("");
}
