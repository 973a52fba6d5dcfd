/**
 * The longest the app waits for the first contentful paint. A browser that paints later (or never
 * reports it) still gets its app started.
 */
const MAX_WAIT_MS = 1_000;

/**
 * Settles once the browser has painted the page's first content, or at once where it never will
 * (a tab opened in the background paints only when shown) or cannot say so.
 *
 * The app waits for it before hydrating: on a slow phone, the server's HTML then reaches the screen
 * before the page's scripts take the main thread (decision 033).
 */
export function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      resolve();
      return;
    }
    const settle = () => {
      observer.disconnect();
      window.clearTimeout(timeout);
      resolve();
    };
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length > 0) settle();
    });
    // `buffered` reports a paint that happened before the app's script ran.
    observer.observe({ type: "paint", buffered: true });
    const timeout = window.setTimeout(settle, MAX_WAIT_MS);
  });
}
