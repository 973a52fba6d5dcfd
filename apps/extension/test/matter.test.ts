import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkMatter } from "../src/matter.ts";
import { RECENT_MATTERS_MAX, readMatters, rememberCountedMatter, saveCurrentMatter } from "../src/matter-store.ts";

describe("the popup's check of a client-matter code, before the memo is reported", () => {
  const required = { matterCodes: "required", matterMask: "NNNN-NNN" } as const;
  const optional = { matterCodes: "optional", matterMask: "AAA-NNNN" } as const;

  it("sends the trimmed code when it has the firm's mask, as the server takes it", () => {
    expect(checkMatter("  2024-017 ", required)).toEqual({ ok: true, matter: "2024-017" });
    expect(checkMatter("abc-0042", optional)).toEqual({ ok: true, matter: "abc-0042" });
    // No mask: any printable code.
    expect(checkMatter("Dossier é-12", { matterCodes: "required", matterMask: null })).toEqual({
      ok: true,
      matter: "Dossier é-12",
    });
  });

  it("refuses a missing code only where the firm requires one", () => {
    expect(checkMatter("", required)).toEqual({ ok: false, problem: "required" });
    expect(checkMatter("   ", required)).toEqual({ ok: false, problem: "required" });
    expect(checkMatter("  ", optional)).toEqual({ ok: true, matter: undefined });
  });

  it("refuses a code that breaks the mask, as the server would with a 400", () => {
    expect(checkMatter("2024-17", required)).toEqual({ ok: false, problem: "mismatch" });
    expect(checkMatter("2024/017", required)).toEqual({ ok: false, problem: "mismatch" });
    expect(checkMatter("ab1-0042", optional)).toEqual({ ok: false, problem: "mismatch" });
  });

  it("refuses what the contract's code schema refuses: too long, or not printable", () => {
    const open = { matterCodes: "optional", matterMask: null } as const;
    expect(checkMatter("x".repeat(64), open)).toEqual({ ok: true, matter: "x".repeat(64) });
    expect(checkMatter("x".repeat(65), open)).toEqual({ ok: false, problem: "invalid" });
    expect(checkMatter("a\u0007b", open)).toEqual({ ok: false, problem: "invalid" });
  });

  it("sends nothing when the firm has codes off, whatever was typed", () => {
    expect(checkMatter("2024-017", { matterCodes: "off", matterMask: "NNNN-NNN" })).toEqual({
      ok: true,
      matter: undefined,
    });
  });
});

/** chrome.storage.local as the extension sees it: an object store whose values come back as copies. */
function storageStandIn() {
  const items = new Map<string, unknown>();
  return {
    items,
    local: {
      async get(key: string) {
        return items.has(key) ? { [key]: structuredClone(items.get(key)) } : {};
      },
      async set(values: Record<string, unknown>) {
        for (const [key, value] of Object.entries(values)) items.set(key, structuredClone(value));
      },
    },
  };
}

describe("the client-matter codes the popup remembers", () => {
  let storage: ReturnType<typeof storageStandIn>;
  const ada = { portalOrigin: "https://portal.example", userId: "12" };
  const bob = { portalOrigin: "https://portal.example", userId: "13" };

  beforeEach(() => {
    storage = storageStandIn();
    vi.stubGlobal("chrome", { storage: { local: storage.local } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("start empty", async () => {
    expect(await readMatters(ada)).toEqual({ current: "", recent: [] });
  });

  it("keep the field's value, trimmed, for the next time the popup opens", async () => {
    await saveCurrentMatter(ada, " 2024-0 ");
    expect(await readMatters(ada)).toEqual({ current: "2024-0", recent: [] });
  });

  it("make a counted code the current one and the first of the recent ones, each once, the newest few", async () => {
    await rememberCountedMatter(ada, "2024-001");
    await rememberCountedMatter(ada, "2024-002");
    await rememberCountedMatter(ada, "2024-001");
    expect(await readMatters(ada)).toEqual({ current: "2024-001", recent: ["2024-001", "2024-002"] });
    for (let index = 3; index <= 8; index += 1) await rememberCountedMatter(ada, `2024-00${index}`);
    const { recent } = await readMatters(ada);
    expect(recent).toHaveLength(RECENT_MATTERS_MAX);
    expect(recent[0]).toBe("2024-008");
    expect(recent).not.toContain("2024-002");
    // A new current value typed later leaves the recent ones as they were.
    await saveCurrentMatter(ada, "2025-100");
    expect(await readMatters(ada)).toEqual({ current: "2025-100", recent });
  });

  it("lose neither of two changes made at once", async () => {
    await Promise.all([rememberCountedMatter(ada, "2024-017"), saveCurrentMatter(ada, "2024-01")]);
    expect(await readMatters(ada)).toEqual({ current: "2024-01", recent: ["2024-017"] });
  });

  it("keep each person's codes apart, on each portal", async () => {
    await rememberCountedMatter(ada, "2024-017");
    expect(await readMatters(bob)).toEqual({ current: "", recent: [] });
    expect(await readMatters({ ...ada, portalOrigin: "http://127.0.0.1:8081" })).toEqual({ current: "", recent: [] });
    await saveCurrentMatter(bob, "9999-999");
    expect((await readMatters(ada)).current).toBe("2024-017");
  });

  it("read a stored value of another shape as nothing remembered, keeping only what is sound", async () => {
    storage.items.set("precisMatters:https://portal.example:12", { current: 7, recent: ["2024-017", null, 3] });
    expect(await readMatters(ada)).toEqual({ current: "", recent: ["2024-017"] });
    storage.items.set("precisMatters:https://portal.example:12", "garbage");
    expect(await readMatters(ada)).toEqual({ current: "", recent: [] });
  });
});
