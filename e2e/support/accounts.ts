import type { BrowserContext } from "playwright-core";

export const TEST_PASSWORD = "Tribunal2024x";
let counter = 0;

/** A unique address per call, so tests never collide on the shared server. */
export function uniqueEmail(label = "user") {
  counter += 1;
  return `${label}.${process.pid}.${Date.now().toString(36)}.${counter}@example.ca`;
}

/**
 * Registers through the real API inside the browser context, so the context holds the session
 * cookie, and stores the access key where the app keeps it: the context is then signed in.
 */
export async function signUpInContext(
  context: BrowserContext,
  details: { firstName?: string; lastName?: string; role?: string; name?: string } = {},
) {
  const email = uniqueEmail();
  const response = await context.request.post("/api/register", {
    headers: { "x-requested-with": "XMLHttpRequest" },
    data: { email, password: TEST_PASSWORD, role: "lawyer", ...details },
  });
  if (response.status() !== 200) throw new Error(`registration failed: ${response.status()} ${await response.text()}`);
  const accessKey = response.headers()["x-access-key"];
  await context.addInitScript((key) => window.localStorage.setItem("precis.accessKey", key), accessKey ?? "");
  return { email, password: TEST_PASSWORD };
}

/** Creates an account through the real API, outside any browser context (which stays logged out). */
export async function registerThroughApi(baseUrl: string, details: { role?: string; firstName?: string } = {}) {
  const email = uniqueEmail();
  const response = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ email, password: TEST_PASSWORD, role: "lawyer", ...details }),
  });
  if (response.status !== 200) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return { email, password: TEST_PASSWORD };
}
