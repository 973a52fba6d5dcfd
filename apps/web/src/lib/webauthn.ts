import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";

/*
 * Passkeys (WebAuthn) through @simplewebauthn/browser, loaded on the first use: /login's first load, which has
 * a budget (decision 033), and the pages that never use a passkey do without it.
 */

const loadWebAuthn = () => import("@simplewebauthn/browser");

/** This browser has no WebAuthn (an old one, or one that turned it off): no passkey can be used here. */
export class PasskeysUnsupportedError extends Error {
  override readonly name = "PasskeysUnsupportedError";
  constructor() {
    super("This browser does not support passkeys");
  }
}

/** Asks the browser for a passkey's answer to the server's sign-in options (its JSON, handed on as is). */
export async function getPasskeyAssertion(optionsJSON: { challenge: string }) {
  const { browserSupportsWebAuthn, startAuthentication } = await loadWebAuthn();
  if (!browserSupportsWebAuthn()) throw new PasskeysUnsupportedError();
  const answer = await startAuthentication({ optionsJSON: optionsJSON as PublicKeyCredentialRequestOptionsJSON });
  return asPlainJson(answer, { ...answer.response });
}

/** Asks the browser to make a passkey for the server's registration options. */
export async function createPasskey(optionsJSON: { challenge: string }) {
  const { browserSupportsWebAuthn, startRegistration } = await loadWebAuthn();
  if (!browserSupportsWebAuthn()) throw new PasskeysUnsupportedError();
  const answer = await startRegistration({ optionsJSON: optionsJSON as PublicKeyCredentialCreationOptionsJSON });
  return asPlainJson(answer, { ...answer.response });
}

/**
 * The library's answer as the plain JSON object it is, so the contract's loose schemas (which allow fields
 * a browser may add) accept its type: an interface has no index signature, an object literal's type has.
 */
function asPlainJson<TResponse extends object>(
  answer: AuthenticationResponseJSON | RegistrationResponseJSON,
  response: TResponse,
) {
  return {
    id: answer.id,
    rawId: answer.rawId,
    type: answer.type,
    response,
    clientExtensionResults: { ...answer.clientExtensionResults } as Record<string, unknown>,
    authenticatorAttachment: answer.authenticatorAttachment,
  };
}

/**
 * Why the browser's part of a passkey ceremony failed, or null when the failure came from elsewhere (the
 * server). `cancelled`: the person closed the browser's prompt, or it timed out (WebAuthn does not tell the two
 * apart, on purpose); `alreadyRegistered`: this authenticator already holds a passkey of the account.
 */
export type PasskeyCeremonyFailure = "cancelled" | "alreadyRegistered" | "unsupported" | "failed";

export function getPasskeyCeremonyFailure(error: unknown): PasskeyCeremonyFailure | null {
  if (error instanceof PasskeysUnsupportedError) return "unsupported";
  if (!(error instanceof Error)) return null;
  // @simplewebauthn/browser's WebAuthnError names its code; the browser's own DOMException passes through.
  const code = "code" in error && typeof error.code === "string" ? error.code : null;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "alreadyRegistered";
  if (error.name === "NotAllowedError" || error.name === "AbortError") return "cancelled";
  if (code?.startsWith("ERROR_") || (typeof DOMException !== "undefined" && error instanceof DOMException)) {
    return "failed";
  }
  return null;
}

/**
 * The browser and system a new passkey is made on ("Google Chrome", "macOS"), from which its suggested name is
 * made: what the person most likely wants to call it, and can change. User-Agent Client Hints first (their
 * brands, the engine's own "Chromium" last), then the user agent string; each null when neither says.
 */
export function describeThisDevice(navigatorLike: {
  userAgent: string;
  userAgentData?: { brands?: { brand: string }[]; platform?: string };
}): { browser: string | null; system: string | null } {
  const brands = (navigatorLike.userAgentData?.brands ?? [])
    .map(({ brand }) => brand)
    .filter((brand) => !/not.?a.?brand/i.test(brand))
    .sort((a, b) => Number(a === "Chromium") - Number(b === "Chromium"));
  return {
    browser: brands[0] ?? browserFromUserAgent(navigatorLike.userAgent),
    system: navigatorLike.userAgentData?.platform || systemFromUserAgent(navigatorLike.userAgent),
  };
}

function browserFromUserAgent(userAgent: string): string | null {
  // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
  const browsers: [RegExp, string][] = [
    [/Edg(e|A|iOS)?\//, "Edge"],
    [/OPR\/|Opera/, "Opera"],
    [/Firefox\/|FxiOS/, "Firefox"],
    [/Chrome\/|CriOS/, "Chrome"],
    [/Safari\//, "Safari"],
  ];
  return browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

function systemFromUserAgent(userAgent: string): string | null {
  const systems: [RegExp, string][] = [
    [/iPhone|iPad|iPod/, "iOS"],
    [/Android/, "Android"],
    [/Windows/, "Windows"],
    [/Mac OS X|Macintosh/, "macOS"],
    [/CrOS/, "ChromeOS"],
    [/Linux/, "Linux"],
  ];
  return systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}
