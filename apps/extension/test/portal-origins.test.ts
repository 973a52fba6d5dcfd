import { describe, expect, it } from "vitest";
import { extensionIdFromPublicKey } from "../scripts/extension-id.ts";
import { buildManifest, EXTENSION_PUBLIC_KEY } from "../src/manifest.ts";
import {
  DEVELOPMENT_PORTAL_MATCH_PATTERNS,
  isAllowedPortalOrigin,
  portalMatchPatterns,
} from "../src/portal-origins.ts";

describe("the portal origins the service worker accepts a handoff from", () => {
  const patterns = portalMatchPatterns("https://portal.precis.example");

  it("are the listed hosts on any port, as Chrome reads externally_connectable", () => {
    expect(isAllowedPortalOrigin("http://localhost:8081", patterns)).toBe(true);
    expect(isAllowedPortalOrigin("http://127.0.0.1:43117", patterns)).toBe(true);
    expect(isAllowedPortalOrigin("https://portal.precis.example", patterns)).toBe(true);
  });

  it("refuse every other origin, scheme or look-alike host", () => {
    for (const origin of [
      "http://127.0.0.2:8081",
      "https://localhost:8081",
      "http://portal.precis.example",
      "https://portal.precis.example.evil.example",
      "https://evilportal.precis.example",
      "chrome-extension://abcdefghijklmnopabcdefghijklmnop",
      "null",
      "",
      // Not an origin at all: a path would let a look-alike through a careless prefix test.
      "http://localhost:8081/login",
    ]) {
      expect(isAllowedPortalOrigin(origin, patterns), origin).toBe(false);
    }
  });

  it("take only an https production portal", () => {
    expect(portalMatchPatterns(undefined)).toEqual(DEVELOPMENT_PORTAL_MATCH_PATTERNS);
    expect(patterns).toContain("https://portal.precis.example/*");
    expect(() => portalMatchPatterns("http://portal.precis.example")).toThrow(/https/);
  });

  it("are the manifest's externally_connectable and host permissions", () => {
    const manifest = buildManifest(patterns);
    expect(manifest.externally_connectable.matches).toEqual(patterns);
    expect(manifest.host_permissions).toEqual(patterns);
  });
});

describe("the extension id", () => {
  it("is the one the README and EXTENSION_IDS name, derived from the manifest's public key", () => {
    // Chrome's own answer for this key is checked in e2e/extension.e2e.ts: the host of the loaded service worker.
    expect(extensionIdFromPublicKey(EXTENSION_PUBLIC_KEY)).toBe("efclejhngkhcfkboflofmmklblpdnmpo");
  });
});
