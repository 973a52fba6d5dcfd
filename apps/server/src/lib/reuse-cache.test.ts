import { describe, expect, it } from "vitest";
import { createReuseCache } from "./reuse-cache.ts";

/** A read whose answer the test hands out when it chooses, and a record of when each read started. */
function controlledReads() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  let started = 0;
  const read = () =>
    new Promise<string>((resolve, reject) => {
      started += 1;
      pending.push({ resolve, reject });
    });
  return {
    read,
    started: () => started,
    answer: async (index: number, value: string) => {
      pending[index]?.resolve(value);
      // Let the cache's own continuations run, as the event loop would before the next request.
      await new Promise((resolve) => setImmediate(resolve));
    },
    fail: async (index: number) => {
      pending[index]?.reject(new Error("database away"));
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

function setUp(options: { withAppClock?: boolean; maxEntries?: number } = {}) {
  let now = 1_000;
  let appNow = 5_000_000;
  const cache = createReuseCache<string>({
    reuseMs: 1_000,
    refreshAfterMs: 500,
    maxEntries: options.maxEntries ?? 100,
    now: () => now,
    ...(options.withAppClock ? { appNow: () => appNow } : {}),
  });
  return {
    cache,
    advance: (ms: number) => {
      now += ms;
      appNow += ms;
    },
    moveAppClock: (ms: number) => {
      appNow += ms;
    },
  };
}

describe("reuse cache", () => {
  it("shares one read among every request that arrives while it runs", async () => {
    const { cache } = setUp();
    const reads = controlledReads();
    const answers = [cache.get("k", reads.read), cache.get("k", reads.read), cache.get("k", reads.read)];
    expect(reads.started()).toBe(1);
    await reads.answer(0, "first");
    expect(await Promise.all(answers)).toEqual(["first", "first", "first"]);
  });

  it("reuses an answer without reading again until it is half a reuse period old", async () => {
    const { cache, advance } = setUp();
    const reads = controlledReads();
    void cache.get("k", reads.read);
    await reads.answer(0, "first");
    advance(499);
    expect(await cache.get("k", reads.read)).toBe("first");
    expect(reads.started()).toBe(1);
  });

  it("refreshes in the background: the request that starts it and those after it are not kept waiting", async () => {
    const { cache, advance } = setUp();
    const reads = controlledReads();
    void cache.get("k", reads.read);
    await reads.answer(0, "first");
    advance(600);
    // Already settled promises: nobody waits for the background read.
    expect(await cache.get("k", reads.read)).toBe("first");
    expect(await cache.get("k", reads.read)).toBe("first");
    expect(reads.started()).toBe(2);
    await reads.answer(1, "second");
    expect(await cache.get("k", reads.read)).toBe("second");
    // The new answer counts from when its own read started (at 600): reused until 1,600, refreshed from 1,100.
    advance(499);
    expect(await cache.get("k", reads.read)).toBe("second");
    expect(reads.started()).toBe(2);
  });

  it("never serves an answer a full reuse period after its read started, even while its refresh is slow", async () => {
    const { cache, advance } = setUp();
    const reads = controlledReads();
    void cache.get("k", reads.read);
    await reads.answer(0, "first");
    advance(600);
    expect(await cache.get("k", reads.read)).toBe("first");
    advance(399);
    expect(await cache.get("k", reads.read)).toBe("first");
    advance(1);
    // 1,000 ms after the first read started: the slow background read (started at 600) is waited for instead.
    const late = cache.get("k", reads.read);
    expect(reads.started()).toBe(2);
    await reads.answer(1, "second");
    expect(await late).toBe("second");
  });

  it("reads afresh when an answer expired without being asked for in between", async () => {
    const { cache, advance } = setUp();
    const reads = controlledReads();
    void cache.get("k", reads.read);
    await reads.answer(0, "first");
    advance(1_000);
    const next = cache.get("k", reads.read);
    expect(reads.started()).toBe(2);
    await reads.answer(1, "second");
    expect(await next).toBe("second");
  });

  it("drops a background read that was in flight when everything was forgotten", async () => {
    const { cache, advance } = setUp();
    const reads = controlledReads();
    void cache.get("k", reads.read);
    await reads.answer(0, "before the write");
    advance(600);
    expect(await cache.get("k", reads.read)).toBe("before the write");
    cache.forgetAll();
    // The write is answered; the caller reads again and must see it, whatever the old refresh brings.
    const afterWrite = cache.get("k", reads.read);
    expect(reads.started()).toBe(3);
    await reads.answer(1, "read before the write committed");
    await reads.answer(2, "after the write");
    expect(await afterWrite).toBe("after the write");
    expect(await cache.get("k", reads.read)).toBe("after the write");
  });

  it("drops a background read that answers after everything was forgotten and nothing was read since", async () => {
    const { cache, advance } = setUp();
    const reads = controlledReads();
    void cache.get("k", reads.read);
    await reads.answer(0, "before the revocation");
    advance(600);
    void cache.get("k", reads.read);
    cache.forgetAll();
    await reads.answer(1, "read before the revocation committed");
    const next = cache.get("k", reads.read);
    expect(reads.started()).toBe(3);
    await reads.answer(2, "after the revocation");
    expect(await next).toBe("after the revocation");
  });

  it("never reuses a failed read, and keeps the old answer when a background read fails", async () => {
    const { cache, advance } = setUp();
    const reads = controlledReads();
    const failed = cache.get("k", reads.read);
    await reads.fail(0);
    await expect(failed).rejects.toThrow("database away");
    void cache.get("k", reads.read);
    await reads.answer(1, "first");
    advance(600);
    expect(await cache.get("k", reads.read)).toBe("first");
    await reads.fail(2);
    // Still within its reuse period, and a new background read may be tried.
    advance(100);
    expect(await cache.get("k", reads.read)).toBe("first");
    expect(reads.started()).toBe(4);
  });

  it("reuses nothing across a jump of the app's clock, forwards or backwards", async () => {
    const { cache, moveAppClock } = setUp({ withAppClock: true });
    const reads = controlledReads();
    void cache.get("k", reads.read);
    await reads.answer(0, "first");
    moveAppClock(1_000);
    void cache.get("k", reads.read);
    expect(reads.started()).toBe(2);
    await reads.answer(1, "second");
    moveAppClock(-1);
    void cache.get("k", reads.read);
    expect(reads.started()).toBe(3);
  });

  it("keeps keys apart", async () => {
    const { cache } = setUp();
    const reads = controlledReads();
    const one = cache.get("one", reads.read);
    const two = cache.get("two", reads.read);
    await reads.answer(0, "for one");
    await reads.answer(1, "for two");
    expect([await one, await two]).toEqual(["for one", "for two"]);
  });

  describe("when it holds its most keys", () => {
    /** Fills the cache with "a", "b" and "c", spread over `spreadMs`, adds "d", and says which keys are reused. */
    async function fillThenAdd(spreadMs: number) {
      const { cache, advance } = setUp({ maxEntries: 3 });
      const reads = controlledReads();
      for (const [index, key] of ["a", "b", "c"].entries()) {
        void cache.get(key, reads.read);
        await reads.answer(index, key);
        advance(spreadMs / 3);
      }
      void cache.get("d", reads.read);
      await reads.answer(3, "d");
      // A reused answer is already settled, so it wins the race; a new read is still pending. Newest first:
      // a key read again is stored, which could sweep the ones after it.
      const reusedKeys: string[] = [];
      for (const key of ["d", "c", "b", "a"]) {
        const served = await Promise.race([cache.get(key, reads.read), Promise.resolve(null)]);
        if (served === key) reusedKeys.push(key);
      }
      return reusedKeys.reverse();
    }

    it("drops only the expired keys when some have expired", async () => {
      // a is 1,200 ms old by the time d is added, b 800 ms: only a has expired.
      const reusedKeys = await fillThenAdd(1_200);
      expect(reusedKeys).toEqual(["b", "c", "d"]);
    });

    it("drops every key when none has expired, so memory stays bounded", async () => {
      const reusedKeys = await fillThenAdd(0);
      expect(reusedKeys).toEqual(["d"]);
    });
  });
});
