import { createServer, Packet } from "dns2";
import { afterAll, beforeAll, expect } from "vitest";
import type { TestServer } from "../harness.ts";
import { callOperation } from "./operations.ts";

/**
 * A real DNS server on loopback (dns2, UDP), answering TXT records the test sets: the server's resolver reaches it
 * through `DNS_RESOLVERS`, as it would reach any other, with no mock of node:dns. A name the test has not set
 * answers NXDOMAIN; one set to fail answers SERVFAIL (DNS that does not answer).
 */
export async function startDnsServer() {
  const txtRecords = new Map<string, string[]>();
  const failingNames = new Set<string>();
  let queries = 0;
  const server = createServer({
    udp: true,
    handle: (request, send) => {
      queries += 1;
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? "";
      if (failingNames.has(name)) {
        response.header.rcode = Packet.RCODE.SERVFAIL;
      } else if (!txtRecords.has(name)) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      } else if (question?.type === Packet.TYPE.TXT) {
        for (const value of txtRecords.get(name) ?? []) {
          // dns2's type asks for a serialiser each answer never needs: its packet encodes the fields.
          response.answers.push({
            name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 60,
            data: value,
          } as (typeof response.answers)[number]);
        }
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const port = addresses.udp?.port;
  if (!port) throw new Error("the test DNS server did not listen");
  return {
    /** `DNS_RESOLVERS` for a server that asks this one. */
    address: `127.0.0.1:${port}`,
    /** The TXT records at `name` (none: the name exists with no TXT record, so DNS answers "no data"). */
    setTxt(name: string, values: string[]) {
      failingNames.delete(name.toLowerCase());
      txtRecords.set(name.toLowerCase(), values);
    },
    /** `name` no longer exists (NXDOMAIN). */
    remove(name: string) {
      txtRecords.delete(name.toLowerCase());
      failingNames.delete(name.toLowerCase());
    },
    /** Queries for `name` answer SERVFAIL. */
    fail(name: string) {
      failingNames.add(name.toLowerCase());
    },
    /** How many queries it has answered. */
    queryCount: () => queries,
    close: () => server.close(),
  };
}

export type DnsServer = Awaited<ReturnType<typeof startDnsServer>>;

/**
 * The file's DNS server, started in `beforeAll` and closed in `afterAll`. Call it before `useTestServer`, whose env
 * then reads `dns.env()` (`DNS_RESOLVERS` pointing here).
 */
export function useDnsServer() {
  let started: DnsServer | undefined;
  const current = () => {
    if (!started) throw new Error("the test DNS server starts in beforeAll: use it inside a test or a hook");
    return started;
  };
  beforeAll(async () => {
    started = await startDnsServer();
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    env: () => ({ DNS_RESOLVERS: current().address }),
    setTxt: (name: string, values: string[]) => current().setTxt(name, values),
    remove: (name: string) => current().remove(name),
    fail: (name: string) => current().fail(name),
    queryCount: () => current().queryCount(),
  };
}

export type FileDnsServer = ReturnType<typeof useDnsServer>;

/**
 * Proves `domain` for its firm as an admin would: reads the record the Domains tab shows, publishes it on the test
 * DNS server, and has it checked (Check now). The domain must already be the admin's firm's.
 */
export async function proveFirmDomain(
  server: TestServer,
  dns: Pick<FileDnsServer, "setTxt">,
  admin: { headers: object },
  domain: string,
) {
  const listed = await callOperation(server, admin, "getFirmDomains");
  expect(listed.statusCode, listed.body).toBe(200);
  const claim = (listed.json().domains as { domain: string; record: { name: string; value: string } }[]).find(
    (row) => row.domain === domain,
  );
  if (!claim) throw new Error(`the admin's firm has not added ${domain}`);
  dns.setTxt(claim.record.name, ["v=spf1 -all", claim.record.value]);
  const checked = await callOperation(server, admin, "checkFirmDomain", { parameters: { domain } });
  expect(checked.statusCode, checked.body).toBe(200);
  expect(checked.json()).toMatchObject({ isRecordFound: true, domain: { proof: { status: "proven" } } });
  return checked.json().domain;
}

/** Adds `domain` to the admin's firm, proves it by DNS, and sets its join mode: what `suggest`/`automatic` need. */
export async function addProvenFirmDomain(
  server: TestServer,
  dns: Pick<FileDnsServer, "setTxt">,
  admin: { headers: object },
  domain: string,
  joinMode: "invitation" | "suggest" | "automatic",
) {
  const added = await callOperation(server, admin, "addFirmDomain", { body: { domain, joinMode: "invitation" } });
  expect(added.statusCode, added.body).toBe(200);
  await proveFirmDomain(server, dns, admin, domain);
  if (joinMode === "invitation") return;
  const changed = await callOperation(server, admin, "updateFirmDomain", {
    parameters: { domain },
    body: { joinMode },
  });
  expect(changed.statusCode, changed.body).toBe(200);
}
