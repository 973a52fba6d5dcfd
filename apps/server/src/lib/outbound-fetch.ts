import { type LookupAddress, lookup } from "node:dns";
import { BlockList, isIP } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";

/*
 * Fetch for addresses an admin typed (a firm's OpenID Connect issuer, its SAML metadata address): in production such
 * an address must not reach this server's own network, its cloud metadata service or its loopback, whatever the
 * name resolves to. The check is made where the connection is made, on the address actually connected to, so a
 * name that resolves once to a public address and then to a private one (DNS rebinding) is refused too.
 */

/** Addresses that are not the public internet: loopback, private, link-local, shared, multicast and reserved ranges. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");

/** Whether `address` (an IP address) is on the public internet. An IPv4 address written as IPv6 is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !NON_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

export class NonPublicAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} is not a public internet address`);
  }
}

/** A resolver for the connection that hands over only public addresses, and fails when there is none. */
const publicOnlyLookup: typeof lookup = ((hostname: string, options: object, callback: LookupCallback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, []);
    const allowed = addresses.filter(({ address }) => isPublicAddress(address));
    if (allowed.length === 0) return callback(new NonPublicAddressError(hostname), []);
    if ((options as { all?: boolean }).all) return callback(null, allowed);
    const [first] = allowed;
    return callback(null, first?.address ?? "", first?.family);
  });
}) as typeof lookup;
type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

const publicOnlyAgent = new Agent({ connect: { lookup: publicOnlyLookup } });

/**
 * A fetch that reaches only the public internet: an address given as an IP literal is judged at once, a name at
 * the moment its connection is made. Redirects are not followed (a redirect to a private address would be judged
 * anyway, but a protocol client never needs one from an issuer).
 */
export const publicOnlyFetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0 && !isPublicAddress(host)) throw new NonPublicAddressError(host);
  const response = await undiciFetch(target, {
    ...(init as Parameters<typeof undiciFetch>[1]),
    dispatcher: publicOnlyAgent,
    redirect: "manual",
  });
  return response as unknown as Response;
};
