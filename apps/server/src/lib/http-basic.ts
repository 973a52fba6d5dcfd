/** Decodes an HTTP Basic header; null when it is missing or malformed. Splits at the first colon only. */
export function parseBasicAuthorization(header: string | undefined): { user: string; secret: string } | null {
  const match = header ? /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(header.trim()) : null;
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}
