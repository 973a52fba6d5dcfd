import Bowser from "bowser";

/**
 * "Chrome 131" and "macOS Sonoma" from a user agent, with bowser (MIT): what a person recognises in their list of
 * sessions. A malformed or missing user agent gives empty strings, never an error.
 */
export function describeUserAgent(userAgent: string | null) {
  if (!userAgent) return { browser: "", system: "" };
  try {
    const parsed = Bowser.parse(userAgent.slice(0, 512));
    const version = (text: string | undefined) => (text ? text.split(".")[0] : "");
    const browser = [parsed.browser.name, version(parsed.browser.version)].filter(Boolean).join(" ");
    // Systems are known by their release's name where they have one ("macOS Catalina", "Windows 10").
    const system = [parsed.os.name, parsed.os.versionName ?? version(parsed.os.version)].filter(Boolean).join(" ");
    return { browser, system };
  } catch {
    return { browser: "", system: "" };
  }
}

/**
 * The browser and system without their versions ("Chrome|macOS"): what makes a sign-in come from a new kind of
 * device. A browser that updated itself since is the same one.
 */
export function getDeviceFamily(userAgent: string | null) {
  if (!userAgent) return "|";
  try {
    const parsed = Bowser.parse(userAgent.slice(0, 512));
    return `${parsed.browser.name ?? ""}|${parsed.os.name ?? ""}`;
  } catch {
    return "|";
  }
}
