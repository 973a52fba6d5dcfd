import { afterEach, beforeEach, vi } from "vitest";
import { createMemoryStorage } from "./memory-storage";

/**
 * For a node test of the API client: each test starts with empty browser storage and a `fetch` that answers only
 * what the test tells it to (the returned mock), and leaves the globals as it found them.
 */
export function stubFetchAndStorage() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal("window", { localStorage: createMemoryStorage(), sessionStorage: createMemoryStorage() });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  return fetchMock;
}
