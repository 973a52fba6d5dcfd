/**
 * The Firebase Auth Emulator's ID tokens, as the server accepts them in development: unsigned. The suites that
 * drive Google and Microsoft sign-in use these; the signature checks are proven in token-verifier.test.ts.
 */
export const EMULATOR_PROJECT = "precis-emulated";

/** The server settings that turn sign-in on against the emulator. */
export const emulatorEnv = {
  FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
  FIREBASE_API_KEY: "fake-api-key",
  FIREBASE_AUTH_DOMAIN: "precis-emulated.firebaseapp.com",
  FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
};

/** A token for `email`, issued at `now` (the test's clock), with any claim overridden. */
export function emulatorToken(email: string, now: Date, overrides: Record<string, unknown> = {}) {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const claims = {
    iss: `https://securetoken.google.com/${EMULATOR_PROJECT}`,
    aud: EMULATOR_PROJECT,
    sub: `uid-${email}`,
    iat: nowSeconds - 5,
    exp: nowSeconds + 3600,
    auth_time: nowSeconds - 5,
    email,
    email_verified: true,
    name: "Marie-Ève  Tremblay Gagnon",
    firebase: { sign_in_provider: "google.com" },
    ...overrides,
  };
  return `${encode({ alg: "none", typ: "JWT" })}.${encode(claims)}.`;
}
