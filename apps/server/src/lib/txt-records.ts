import { Resolver } from "node:dns/promises";

/** What a TXT lookup found: the records (each one's strings joined), no record at all, or no answer from DNS. */
export type TxtLookup =
  | { readonly outcome: "found"; readonly records: readonly string[] }
  | { readonly outcome: "absent" }
  | { readonly outcome: "failed"; readonly code: string };

export type TxtLookupFunction = (name: string) => Promise<TxtLookup>;

/** Each try waits this long for an answer; with the retry, a lookup gives up within about 6 s. */
const LOOKUP_TIMEOUT_MS = 3_000;
const LOOKUP_TRIES = 2;

/**
 * The name does not exist (NXDOMAIN) or holds no TXT record: DNS answered, and the record is not there. Anything
 * else (a timeout, SERVFAIL, a refused or unreachable resolver) says nothing about the record.
 */
const ABSENT_CODES = new Set(["ENOTFOUND", "ENODATA"]);

/**
 * A real resolver (node:dns, c-ares) for TXT records: the system's servers, or `servers` (`DNS_RESOLVERS`,
 * `host:port` each) when given, as the tests point it at their own DNS server on loopback.
 */
export function createTxtLookup(servers: readonly string[]): { lookup: TxtLookupFunction; close(): void } {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: LOOKUP_TRIES });
  if (servers.length > 0) resolver.setServers([...servers]);
  return {
    async lookup(name) {
      try {
        const records = await resolver.resolveTxt(name);
        return { outcome: "found", records: records.map((chunks) => chunks.join("")) };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? "EUNKNOWN";
        return ABSENT_CODES.has(code) ? { outcome: "absent" } : { outcome: "failed", code };
      }
    },
    close: () => resolver.cancel(),
  };
}
