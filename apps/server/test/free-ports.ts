import { readFile } from "node:fs/promises";
import { type AddressInfo, createServer, type Server } from "node:net";

/** A free port that no server listening on port 0 can be handed before its own server binds it (see `findFreePorts`). */
export async function findFreePort() {
  const [port] = await findFreePorts(1);
  return port as number;
}

/**
 * Ports for servers started in another process, whose addresses are handed out before they bind:
 * the emulator binds some 15 s after, a cold server after its migrations. A port the kernel hands
 * out for port 0 may meanwhile be handed to any other process listening on port 0 (the suites start
 * servers so), and the late one then fails with "port taken" (the emulator failed a CI run so). The
 * kernel gives out only ports of its ephemeral range, so these are chosen below it, at random, and
 * checked free; all are held until all are chosen, so no two are the same. `ephemeralStart` is the
 * kernel's, read from /proc, unless a test gives another.
 */
export async function findFreePorts(count: number, ephemeralStart?: number) {
  const below = ephemeralStart ?? (await readEphemeralStart());
  // Above the well-known and registered ports most services use; a host whose ephemeral range starts
  // lower than that still leaves a thousand ports below it.
  const lowest = Math.min(10_000, below - 1_000);
  if (lowest < 1_024) throw new Error(`the ephemeral port range starts at ${below}: no room below it`);
  const probes: Server[] = [];
  try {
    for (let attempt = 0; probes.length < count; attempt += 1) {
      if (attempt >= count * 100) throw new Error(`found only ${probes.length} of ${count} free ports below ${below}`);
      const candidate = lowest + Math.floor(Math.random() * (below - lowest));
      const probe = await new Promise<Server | undefined>((resolve) => {
        const server = createServer();
        server.once("error", () => resolve(undefined));
        server.listen(candidate, "127.0.0.1", () => resolve(server));
      });
      if (probe) probes.push(probe);
    }
    return probes.map((probe) => (probe.address() as AddressInfo).port);
  } finally {
    await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  }
}

/** The first port of the kernel's ephemeral range, or Linux's default where it cannot be read. */
export async function readEphemeralStart() {
  const start = await readFile("/proc/sys/net/ipv4/ip_local_port_range", "utf8").then(
    (range) => Number(range.trim().split(/\s+/)[0]),
    () => Number.NaN,
  );
  return Number.isInteger(start) ? start : 32_768;
}
