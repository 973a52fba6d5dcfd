import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { firstContentfulPaint } from "./first-contentful-paint.ts";

type PaintCallback = (entries: { getEntriesByName(name: string): unknown[] }) => void;

/** A PerformanceObserver that reports the paints the test hands it, and records how it was used. */
function stubPaintTiming({ supported = true, visibility = "visible" } = {}) {
  const observers: { callback: PaintCallback; options?: unknown; disconnected: boolean }[] = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = supported ? ["paint", "navigation"] : ["navigation"];
    private readonly record: (typeof observers)[number];
    constructor(callback: PaintCallback) {
      this.record = { callback, disconnected: false };
      observers.push(this.record);
    }
    observe(options: unknown) {
      this.record.options = options;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal("PerformanceObserver", FakePerformanceObserver);
  vi.stubGlobal("document", { visibilityState: visibility });
  vi.stubGlobal("window", { setTimeout, clearTimeout });
  const paint = (...names: string[]) => {
    for (const observer of observers) {
      observer.callback({ getEntriesByName: (name) => names.filter((painted) => painted === name) });
    }
  };
  return { observers, paint };
}

/** Whether the promise has settled by now (after the microtasks already queued). */
async function hasSettled(promise: Promise<void>) {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return settled;
}

describe("firstContentfulPaint", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("waits for the first contentful paint, not for a first paint without content", async () => {
    const { observers, paint } = stubPaintTiming();
    const painted = firstContentfulPaint();
    expect(observers[0]?.options).toEqual({ type: "paint", buffered: true });
    paint("first-paint");
    expect(await hasSettled(painted)).toBe(false);
    paint("first-contentful-paint");
    expect(await hasSettled(painted)).toBe(true);
    expect(observers[0]?.disconnected).toBe(true);
  });

  it("gives up waiting after a second, so a browser that never reports the paint still starts", async () => {
    stubPaintTiming();
    const painted = firstContentfulPaint();
    vi.advanceTimersByTime(999);
    expect(await hasSettled(painted)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await hasSettled(painted)).toBe(true);
  });

  it("does not wait in a tab opened in the background, which paints only when shown", async () => {
    const { observers } = stubPaintTiming({ visibility: "hidden" });
    expect(await hasSettled(firstContentfulPaint())).toBe(true);
    expect(observers).toHaveLength(0);
  });

  it("does not wait where the browser has no paint timing", async () => {
    const { observers } = stubPaintTiming({ supported: false });
    expect(await hasSettled(firstContentfulPaint())).toBe(true);
    expect(observers).toHaveLength(0);
  });
});
