/**
 * An HTTP Basic `Authorization` value. RFC 7617 §2.1: the credentials are UTF-8 before base64;
 * `btoa` alone throws on anything outside Latin-1 (an accented password, for one).
 */
export function basicAuthorization(user: string, secret: string): string {
  const bytes = new TextEncoder().encode(`${user}:${secret}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
