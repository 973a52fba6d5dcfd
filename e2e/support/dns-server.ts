import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer, Packet } from "dns2";
import { inject } from "vitest";

/**
 * The browser suite's DNS server (dns2, UDP on loopback), started by the global setup: the shared app server's
 * resolver asks it (`DNS_RESOLVERS`), as it would ask any other. Test files run in other processes, so they publish
 * a domain's TXT record through a small loopback control address beside it (`publishTxtRecord`). A name nobody
 * published answers NXDOMAIN.
 */
export async function startSuiteDnsServer() {
  const txtRecords = new Map<string, string[]>();
  const dns = createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? "";
      const values = txtRecords.get(name);
      if (!values) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      } else if (question?.type === Packet.TYPE.TXT) {
        for (const data of values) {
          // dns2's type asks for a serialiser each answer never needs: its packet encodes the fields.
          response.answers.push({
            name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 60,
            data,
          } as (typeof response.answers)[number]);
        }
      }
      send(response);
    },
  });
  const addresses = await dns.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const control = createHttpServer((request, reply) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const { name, values } = JSON.parse(body) as { name: string; values: string[] };
      txtRecords.set(name.toLowerCase(), values);
      reply.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  return {
    resolverAddress: `127.0.0.1:${addresses.udp?.port}`,
    controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    close: async () => {
      await dns.close();
      await new Promise((resolve) => control.close(resolve));
    },
  };
}

/** Publishes a TXT record on the suite's DNS server, as a firm's IT would in its domain's zone. */
export async function publishTxtRecord(name: string, values: string[]) {
  const answer = await fetch(inject("dnsControlUrl"), { method: "POST", body: JSON.stringify({ name, values }) });
  if (answer.status !== 204) throw new Error(`the suite's DNS server refused ${name}: ${answer.status}`);
}
