/**
 * The portal pages that may hand this extension a session, as Chrome match patterns. One list feeds the
 * manifest's `externally_connectable.matches` (only these pages can call `chrome.runtime.sendMessage` to us) and
 * `host_permissions` (the API calls, free of CORS), and the service worker's own check of each sender's origin.
 *
 * Chrome ignores ports in match patterns, so `http://localhost/*` admits a development portal on any port.
 * The production portal's origin goes in PRECIS_PORTAL_ORIGIN when building (`https://portal.example`), which
 * adds `https://portal.example/*` here; a release build should then drop the loopback entries.
 */
export const DEVELOPMENT_PORTAL_MATCH_PATTERNS = ["http://localhost/*", "http://127.0.0.1/*"];

export function portalMatchPatterns(productionPortalOrigin: string | undefined): string[] {
  if (!productionPortalOrigin) return DEVELOPMENT_PORTAL_MATCH_PATTERNS;
  const { protocol, host } = new URL(productionPortalOrigin);
  if (protocol !== "https:") throw new Error("PRECIS_PORTAL_ORIGIN must be an https:// origin");
  return [...DEVELOPMENT_PORTAL_MATCH_PATTERNS, `https://${host}/*`];
}

/**
 * Whether a sender's origin is one of the patterns, read as Chrome reads them for externally_connectable: the
 * scheme and host must match (a `*.` host matches its subdomains), and any port is accepted.
 */
export function isAllowedPortalOrigin(origin: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  return patterns.some((pattern) => {
    const match = /^(https?):\/\/([^/]+)\/\*$/.exec(pattern);
    if (!match) return false;
    const [, scheme, host = ""] = match;
    if (url.protocol !== `${scheme}:`) return false;
    if (host.startsWith("*.")) return url.hostname.endsWith(host.slice(1));
    return url.hostname === host;
  });
}
