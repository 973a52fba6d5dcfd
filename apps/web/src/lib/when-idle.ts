/** How long to wait instead where the browser has no requestIdleCallback (Safari). */
const FALLBACK_DELAY_MS = 300;

/**
 * Runs `task` once the browser is idle, and returns a function that cancels it. Safari has no
 * requestIdleCallback; there a short timer stands in, so the task still runs after the page's
 * first render rather than during it.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(handle);
}
