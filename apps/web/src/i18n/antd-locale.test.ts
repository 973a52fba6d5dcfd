import { afterEach, describe, expect, it, vi } from "vitest";

describe("antd's locale per language", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("is antd's own English until French is loaded, then French", async () => {
    const { getAntdLocale, loadAntdLocale } = await import("./antd-locale.ts");
    await loadAntdLocale("en");
    expect(getAntdLocale("en")).toBeUndefined();
    expect(getAntdLocale("fr")).toBeUndefined();
    await loadAntdLocale("fr");
    expect(getAntdLocale("fr")?.locale).toBe("fr");
    expect(getAntdLocale("fr")?.global?.show).toBe("Afficher");
  });

  it("stays English, without failing, when the French chunk cannot be fetched", async () => {
    const warning = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { getAntdLocale, loadAntdLocale } = await import("./antd-locale.ts");
    const unreachable = { "./antd-locales/fr.ts": () => Promise.reject(new Error("Failed to fetch")) };
    await expect(loadAntdLocale("fr", unreachable)).resolves.toBeUndefined();
    expect(getAntdLocale("fr")).toBeUndefined();
    expect(warning).toHaveBeenCalledOnce();
  });
});
