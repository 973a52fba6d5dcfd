import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey authenticator in software for the API tests: a P-256 key pair, answering WebAuthn's registration
 * and sign-in challenges the way a platform authenticator does (attestation "none", user verified), so the
 * server's real verification runs without a browser. The browser tests use Chromium's virtual authenticator.
 */
export function createSoftwareAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(32);
  let signCount = 0;
  const jwk = publicKey.export({ format: "jwk" });
  // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? "")],
      [-3, isoBase64URL.toBuffer(jwk.y ?? "")],
    ]),
  );
  const rpIdHash = createHash("sha256").update(rpId).digest();
  const clientData = (type: string, challenge: string, answeringOrigin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: answeringOrigin, crossOrigin: false }));
  const counterBytes = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(signCount);
    return bytes;
  };
  const id = isoBase64URL.fromBuffer(credentialId);

  return {
    credentialId: id,
    /** The answer to `POST /api/passkeys/registration-options`'s options. */
    register(options: { challenge: string }, answeringOrigin = origin) {
      const flags = Buffer.from([0x01 | 0x04 | 0x40]); // user present, user verified, attested credential data
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash,
        flags,
        counterBytes(),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        Buffer.from(cosePublicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", new Uint8Array(authData)],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: "public-key" as const,
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientData("webauthn.create", options.challenge, answeringOrigin)),
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    /** The answer to sign-in (or reauthentication) options: a signature over the challenge, the counter moved on. */
    authenticate(options: { challenge: string }, answeringOrigin = origin) {
      signCount += 1;
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x01 | 0x04]), counterBytes()]);
      const clientDataJSON = clientData("webauthn.get", options.challenge, answeringOrigin);
      const signature = sign(
        "sha256",
        Buffer.concat([authData, createHash("sha256").update(clientDataJSON).digest()]),
        privateKey,
      );
      return {
        id,
        rawId: id,
        type: "public-key" as const,
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
          authenticatorData: isoBase64URL.fromBuffer(authData),
          signature: isoBase64URL.fromBuffer(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
