import { MAX_PASSKEYS, mfaMessages } from "@precis/contract/mfa";
import { describe, expect, it } from "vitest";
import enAuth from "./en/auth.json";
import enSecurity from "./en/security.json";

/**
 * The server words its refusals of the second factors once (contract/mfa.ts); the pages say the same in
 * English, from their catalogues, so both languages can be read and the wording cannot drift apart.
 */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name]));

describe("the English texts of the second factors' refusals", () => {
  it("say what the server says", () => {
    expect(enAuth.errors.wrongCode).toBe(mfaMessages.wrongCode);
    expect(enAuth.errors.usedRecoveryCode).toBe(mfaMessages.usedRecoveryCode);
    expect(enSecurity.twoStep.disable.usedRecoveryCode).toBe(mfaMessages.usedRecoveryCode);
    expect(enAuth.errors.signInExpired).toBe(mfaMessages.signInExpired);
    expect(enAuth.errors.passkeyNotVerified).toBe(mfaMessages.passkeyNotVerified);
    expect(fill(enAuth.errors.unknownPasskey, { productName: "Precis" })).toBe(mfaMessages.unknownPasskey);
    expect(enSecurity.twoStep.setup.alreadyOn).toBe(mfaMessages.totpAlreadyOn);
    expect(enSecurity.twoStep.setup.restart).toBe(mfaMessages.noTotpSetup);
    expect(enSecurity.twoStep.disable.wrongCode).toBe(mfaMessages.wrongCode);
    expect(enSecurity.passkeys.notVerified).toBe(mfaMessages.passkeyNotVerified);
    expect(fill(enSecurity.passkeys.tooMany, { max: MAX_PASSKEYS })).toBe(mfaMessages.tooManyPasskeys);
    expect(enSecurity.verifyFirst.refused).toBe(mfaMessages.emailNotVerified);
  });
});
