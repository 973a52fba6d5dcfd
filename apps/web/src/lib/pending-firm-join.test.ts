import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "@/test-support/memory-storage";
import { forgetPendingFirmJoin, readPendingFirmJoinPath, rememberPendingFirmJoin } from "./pending-firm-join";

const DAY = 24 * 60 * 60 * 1000;
const TOKEN = "a".repeat(43);

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
