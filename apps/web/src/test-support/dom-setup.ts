import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { apiServer } from "./api-server";

/*
 * What jsdom lacks and antd asks for, kept to the least that lets the panels render:
 * - matchMedia: antd's responsive helpers (and the app's use-media-query) subscribe to media queries; none match.
 * - getComputedStyle with a pseudo-element: antd measures the scrollbar as a modal opens, and jsdom answers that
 *   with a "not implemented" error; the element's own style is a fine answer for a test.
 */
window.matchMedia = (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
});
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => elementStyle(element);

// findBy and waitFor wait for an answer and its render up to 5 s, not 1 s: `npm test` runs every suite at once on
// two cores, and a render that takes a second there is slow, not wrong.
configure({ asyncUtilTimeout: 5_000 });

// Every request the panels make is answered by a test's handlers; one nobody answers fails the test that made it.
const unanswered: string[] = [];
beforeAll(() =>
  apiServer.listen({
    onUnhandledRequest: (request) => void unanswered.push(`${request.method} ${new URL(request.url).pathname}`),
  }),
);
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  const requests = unanswered.splice(0);
  if (requests.length > 0) throw new Error(`No test handler answered ${requests.join(", ")}`);
});
afterAll(() => apiServer.close());
