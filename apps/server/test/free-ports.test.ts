import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { findFreePorts, readEphemeralStart } from "./free-ports.ts";

describe("free ports for servers started elsewhere", () => {
  it("are distinct, bindable, and outside the range the kernel hands out for port 0", async () => {
    const ephemeralStart = await readEphemeralStart();
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

  it("keep a thousand ports below a low ephemeral range, and refuse one with no room below it", async () => {
    for (const port of await findFreePorts(3, 9_000)) {
      expect(port).toBeGreaterThanOrEqual(8_000);
      expect(port).toBeLessThan(9_000);
    }
    await expect(findFreePorts(1, 2_000)).rejects.toThrow("the ephemeral port range starts at 2000: no room below it");
  });
});
