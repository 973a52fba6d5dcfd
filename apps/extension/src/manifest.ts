/**
 * The extension's public key, in the manifest's `key`: Chrome derives the extension's id from it, so an unpacked
 * copy has the same id on every machine (efclejhngkhcfkboflofmmklblpdnmpo), the id EXTENSION_IDS must name. Only
 * the public half exists: the private key was thrown away once this was made, since loading unpacked never needs it
 * (the Chrome Web Store signs the packages it publishes with its own key, and gives the listing its own id).
 */
export const EXTENSION_PUBLIC_KEY =
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAo0Cp2YzeC2kvGBjQ0GF8ryeEAOyXm0YVcfZ0vvNvzzooX2NTsIaLxea0hQGcRZSb4c1ShRS9HrDJCG4l8FZeIu2iyQTv9bZ/dqkr5D+ZVQV/oEneHcCAv9Odc+zgpgpagnlRZbxn8Y9VWPu0LAWmgFkJzrjyz0AVYSSq0N4prvkhlBuPBNYhm7jwiOMAwvKVE7VpGVU0wSN32giaFmOhEcfkAdFOErvpP9wAvIRZibvcY3ZeqdR6MeGrCA2TBR+t5HY2ZoyJPJxFvM3N9dE/0+ck1KQTi53a/F+WXJr38+7Ihq7FE+hLTWc3P5bPh0zvVEX5rfOBukJF/ahinU2Q5wIDAQAB";

/** The Manifest V3 document, built with the portal pages allowed to reach the extension (portal-origins.ts). */
export function buildManifest(portalPatterns: string[]) {
  return {
    manifest_version: 3,
    name: "__MSG_extensionName__",
    description: "__MSG_extensionDescription__",
    version: "0.1.0",
    default_locale: "en",
    key: EXTENSION_PUBLIC_KEY,
    background: { service_worker: "service-worker.js", type: "module" },
    action: { default_popup: "popup.html", default_title: "__MSG_extensionName__" },
    // storage: the session the portal handed over; nothing else is asked for.
    permissions: ["storage"],
    host_permissions: portalPatterns,
    externally_connectable: { matches: portalPatterns },
  };
}
