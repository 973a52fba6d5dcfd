import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, NonPublicAddressError, publicOnlyFetch } from "./outbound-fetch.ts";

describe("public addresses", () => {
  it("are the internet's, not this machine's, its network's or a reserved range", () => {
    for (const address of ["8.8.8.8", "142.250.72.14", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:169.254.169.254",
      "not-an-address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe("the public-only fetch", () => {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.end("reached");
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("never reaches this machine, by its address or by a name that resolves to it", async () => {
    // The server answers a plain fetch: what refuses below is the guard, not a closed port.
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("reached");
    const before = requests;
    await expect(publicOnlyFetch(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(NonPublicAddressError);
    await expect(publicOnlyFetch(`http://[::ffff:127.0.0.1]:${port}/`)).rejects.toBeInstanceOf(NonPublicAddressError);
    const byName = await publicOnlyFetch(`http://localhost:${port}/`).catch((error: unknown) => error);
    expect((byName as Error).cause).toBeInstanceOf(NonPublicAddressError);
    expect(requests).toBe(before);
  });
});
