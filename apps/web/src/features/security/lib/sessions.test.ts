import type { AccountSession } from "@precis/contract/sessions";
import { describe, expect, it } from "vitest";
import { describeDevice, sortSessions } from "./sessions";

const session = (id: number, overrides: Partial<AccountSession> = {}): AccountSession => ({
  id,
  browser: "Chrome 131",
  system: "Windows 10",
  isExtension: false,
  ipAddress: "192.0.2.1",
  startedAt: "2026-11-01T10:00:00.000Z",
  lastActiveAt: "2026-11-20T10:00:00.000Z",
  isCurrent: false,
  ...overrides,
});

describe("sortSessions", () => {
  it("puts this browser's session first, then the others from the most recently used", () => {
    const sorted = sortSessions([
      session(1, { lastActiveAt: "2026-11-10T10:00:00.000Z" }),
      session(2, { lastActiveAt: "2026-11-24T10:00:00.000Z" }),
      session(3, { isCurrent: true, lastActiveAt: "2026-11-01T10:00:00.000Z" }),
      session(4, { lastActiveAt: "2026-11-24T10:00:00.000Z", startedAt: "2026-11-23T10:00:00.000Z" }),
    ]);
    expect(sorted.map(({ id }) => id)).toEqual([3, 4, 2, 1]);
  });

  it("leaves the list it was given as it was", () => {
    const sessions = [session(1), session(2, { isCurrent: true })];
    sortSessions(sessions);
    expect(sessions.map(({ id }) => id)).toEqual([1, 2]);
  });
});

describe("describeDevice", () => {
  it("names the browser and the system the server read", () => {
    expect(describeDevice({ browser: "Firefox 133", system: "Ubuntu" })).toEqual({
      browser: "Firefox 133",
      system: "Ubuntu",
    });
  });

  it("says nothing for what the user agent did not tell", () => {
    expect(describeDevice({ browser: "", system: " " })).toEqual({ browser: null, system: null });
    expect(describeDevice({ browser: "", system: "Android 14" })).toEqual({ browser: null, system: "Android 14" });
  });
});
