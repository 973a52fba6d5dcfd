import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetPendingFirmJoin, readPendingFirmJoinPath, rememberPendingFirmJoin } from "./pending-firm-join";

const DAY = 24 * 60 * 60 * 1000;
const TOKEN = "a".repeat(43);

/** A Map-backed Storage: the node test environment has no localStorage. */
function createMemoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

describe("the invitation link kept across login and verification", () => {
  beforeEach(() => vi.stubGlobal("window", { localStorage: createMemoryStorage() }));
  afterEach(() => vi.unstubAllGlobals());

  it("leads back to the join screen with the token", () => {
    rememberPendingFirmJoin(TOKEN, 0);
    expect(readPendingFirmJoinPath(DAY)).toBe(`/firm/join?token=${TOKEN}`);
  });

  it("is forgotten once an invitation could no longer be valid, and when asked", () => {
    rememberPendingFirmJoin(TOKEN, 0);
    expect(readPendingFirmJoinPath(7 * DAY + 1)).toBeNull();
    expect(readPendingFirmJoinPath(0)).toBeNull();
    rememberPendingFirmJoin(TOKEN, 0);
    forgetPendingFirmJoin();
    expect(readPendingFirmJoinPath(0)).toBeNull();
  });

  it("ignores what it did not write", () => {
    window.localStorage.setItem("precis.pendingFirmJoin", "{not json");
    expect(readPendingFirmJoinPath()).toBeNull();
  });
});
