import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/*
 * Secrets the server must read back (a firm's OpenID Connect client secret), sealed at rest with AES-256-GCM under a
 * ring of versioned keys. The newest key seals; every key of the ring still opens what it sealed, so a key is
 * rotated by putting a new one first and resealing later, without an outage. Each secret is sealed for one place
 * (its `context`, the authenticated data): a sealed value copied to another row or column does not open there.
 */

const CIPHER = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export interface SecretKeyRing {
  /** The key new secrets are sealed with: the ring's highest version. */
  readonly sealingVersion: number;
  readonly keys: ReadonlyMap<number, Buffer>;
}

/**
 * A ring from its setting: comma-separated `version:key` entries, each key 32 bytes as 64 hex digits or base64
 * ("2:…,1:…"). Throws with a message naming what is wrong, for the configuration's error.
 */
export function parseSecretKeyRing(setting: string): SecretKeyRing {
  const keys = new Map<number, Buffer>();
  for (const entry of setting.split(",").map((part) => part.trim())) {
    const match = /^(\d{1,6}):(\S+)$/.exec(entry);
    if (!match) throw new Error('each entry must be "version:key", for example "1:<64 hex digits>"');
    const version = Number(match[1]);
    const encoded = match[2] ?? "";
    const key = /^[0-9a-f]{64}$/i.test(encoded) ? Buffer.from(encoded, "hex") : Buffer.from(encoded, "base64");
    if (key.length !== KEY_BYTES) throw new Error(`key ${version} must be 32 bytes, as 64 hex digits or base64`);
    if (keys.has(version)) throw new Error(`key version ${version} is listed twice`);
    keys.set(version, key);
  }
  return { sealingVersion: Math.max(...keys.keys()), keys };
}

/** `plaintext` sealed for `context`: `k<version>:<base64url of IV, tag and ciphertext>`. */
export function sealSecret(ring: SecretKeyRing, plaintext: string, context: string): string {
  const key = ring.keys.get(ring.sealingVersion);
  if (!key) throw new Error("the key ring has no sealing key");
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, key, iv).setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `k${ring.sealingVersion}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

/**
 * What `sealed` holds, opened with the key of its version. Throws when that key is not in the ring, or when the
 * value was altered or sealed for another context: both are faults of the data or the configuration, not of a caller.
 */
export function openSecret(ring: SecretKeyRing, sealed: string, context: string): string {
  const match = /^k(\d+):([\w-]+)$/.exec(sealed);
  if (!match) throw new Error("not a sealed secret");
  const key = ring.keys.get(Number(match[1]));
  if (!key) throw new Error(`sealed with key ${match[1]}, which the key ring no longer holds`);
  const bytes = Buffer.from(match[2] ?? "", "base64url");
  const decipher = createDecipheriv(CIPHER, key, bytes.subarray(0, IV_BYTES)).setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** Whether `sealed` was sealed with an older key than the ring's newest: a rotation reseals these. */
export const isSealedWithOlderKey = (ring: SecretKeyRing, sealed: string) =>
  Number(/^k(\d+):/.exec(sealed)?.[1]) !== ring.sealingVersion;
