import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { describeThisDevice, getPasskeyCeremonyFailure, PasskeysUnsupportedError } from "./webauthn";

/** An error as @simplewebauthn/browser throws it: the browser's DOMException name, and its own code. */
const webAuthnError = (name: string, code: string) => Object.assign(new Error("x"), { name, code });

describe("getPasskeyCeremonyFailure", () => {
  it("reads a closed or timed-out prompt as cancelled", () => {
    expect(getPasskeyCeremonyFailure(webAuthnError("NotAllowedError", "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY"))).toBe(
      "cancelled",
    );
    expect(getPasskeyCeremonyFailure(webAuthnError("AbortError", "ERROR_CEREMONY_ABORTED"))).toBe("cancelled");
  });

  it("tells an authenticator that already holds the account's passkey apart", () => {
    expect(
      getPasskeyCeremonyFailure(webAuthnError("InvalidStateError", "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")),
    ).toBe("alreadyRegistered");
  });

  it("says when the browser has no WebAuthn, and when the ceremony failed otherwise", () => {
    expect(getPasskeyCeremonyFailure(new PasskeysUnsupportedError())).toBe("unsupported");
    expect(getPasskeyCeremonyFailure(webAuthnError("SecurityError", "ERROR_INVALID_RP_ID"))).toBe("failed");
  });

  it("leaves the server's refusals and lost connections to the caller", () => {
    expect(getPasskeyCeremonyFailure(new ApiRequestError(401, {}, "/login/passkey"))).toBeNull();
    expect(getPasskeyCeremonyFailure(new TypeError("Failed to fetch"))).toBeNull();
    expect(getPasskeyCeremonyFailure("nope")).toBeNull();
  });
});

describe("describeThisDevice", () => {
  it("prefers the client hints' brand over the engine's, and their platform", () => {
    expect(
      describeThisDevice({
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
        userAgentData: {
          brands: [{ brand: "Chromium" }, { brand: "Not_A Brand" }, { brand: "Google Chrome" }],
          platform: "macOS",
        },
      }),
    ).toEqual({ browser: "Google Chrome", system: "macOS" });
  });

  it("reads the user agent string when there are no hints (Firefox, Safari)", () => {
    expect(
      describeThisDevice({
        userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
      }),
    ).toEqual({ browser: "Firefox", system: "Windows" });
    expect(
      describeThisDevice({
        userAgent:
          "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1",
      }),
    ).toEqual({ browser: "Safari", system: "iOS" });
    expect(
      describeThisDevice({
        userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0",
      }),
    ).toEqual({ browser: "Edge", system: "Windows" });
  });

  it("says nothing it cannot tell", () => {
    expect(describeThisDevice({ userAgent: "curl/8.5" })).toEqual({ browser: null, system: null });
    expect(
      describeThisDevice({ userAgent: "x", userAgentData: { brands: [{ brand: "Chromium" }], platform: "" } }),
    ).toEqual({
      browser: "Chromium",
      system: null,
    });
  });
});
