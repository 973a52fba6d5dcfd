import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "./when-idle.ts";

describe("whenIdle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("uses the browser's idle callback where there is one, and cancels it", () => {
    const requestIdleCallback = vi.fn(() => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal("window", { requestIdleCallback, cancelIdleCallback, setTimeout, clearTimeout });
    const task = vi.fn();
    const cancel = whenIdle(task);
    expect(requestIdleCallback).toHaveBeenCalledWith(task);
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it("falls back to a timer without one (Safari), after the render and not during it", () => {
    vi.stubGlobal("window", { setTimeout, clearTimeout });
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(task).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(1_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
