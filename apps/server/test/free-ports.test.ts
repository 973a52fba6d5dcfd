import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { findFreePorts } from "./free-ports.ts";

describe("free ports for servers started elsewhere", () => {
  it("are distinct, bindable, and outside the range the kernel hands out for port 0", async () => {
    const ephemeralStart = Number((await readFile("/proc/sys/net/ipv4/ip_local_port_range", "utf8")).split(/\s+/)[0]);
    const ports = await findFreePorts(20);
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(ephemeralStart);
    }
    // Released again: the server they are for can bind them.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], "127.0.0.1", resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});
