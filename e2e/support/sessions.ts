import type { BrowserContext, Page } from "playwright-core";

/** A user agent of another kind of device than the suite's Chromium: the Security tab names it "Firefox 133 on Windows 10". */
export const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

const basicAuthorization = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString("base64")}`;

/** A session opened outside any browser context, as another device would (its own cookie and access key). */
export type ApiSession = { cookie: string; accessKey: string };

/** Logs in through the API from "another device": a session the browser under test does not hold. */
export async function openApiSession(
  baseUrl: string,
  credentials: { email: string; password: string },
  userAgent = FIREFOX_ON_WINDOWS,
): Promise<ApiSession> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: {
      authorization: basicAuthorization(credentials.email, credentials.password),
      "user-agent": userAgent,
      "x-requested-with": "XMLHttpRequest",
    },
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .filter((pair) => pair.startsWith("precis_session="))
    .join("; ");
  return { cookie, accessKey: response.headers.get("x-access-key") ?? "" };
}

/** That session's profile, or null once it has been signed out. */
export async function readApiSessionProfile(baseUrl: string, session: ApiSession) {
  const response = await fetch(`${baseUrl}/api/user-details`, {
    headers: { cookie: session.cookie, "x-access-key": session.accessKey, "x-requested-with": "XMLHttpRequest" },
  });
  return ((await response.json()) as { userProfile: { email: string } | null }).userProfile;
}

/** Logs the browser context in through the API, as signUpInContext does for a new account. */
export async function logInContext(context: BrowserContext, credentials: { email: string; password: string }) {
  const response = await context.request.post("/api/login", {
    headers: {
      authorization: basicAuthorization(credentials.email, credentials.password),
      "x-requested-with": "XMLHttpRequest",
    },
  });
  if (response.status() !== 200) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  const accessKey = response.headers()["x-access-key"] ?? "";
  await context.addInitScript((key) => window.localStorage.setItem("precis.accessKey", key), accessKey);
  return accessKey;
}

/** An API call as the page itself makes it (its cookie and access key). */
export async function callApiFromPage(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  return page.evaluate(
    async ({ url, method, body }) => {
      const response = await fetch(url, {
        method,
        headers: {
          "x-access-key": localStorage.getItem("precis.accessKey") ?? "",
          "x-requested-with": "XMLHttpRequest",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { url: path, method: init.method ?? "GET", body: init.body },
  );
}

/**
 * Calls as the browser that got `answer` (a registration or sign-in outside any browser context) would make them:
 * its session cookie and access key, the XHR marker, JSON. Each call answers its status and parsed body.
 */
export function apiCallerOf(baseUrl: string, answer: Response) {
  const session = {
    cookie: answer.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; "),
    "x-access-key": answer.headers.get("x-access-key") ?? "",
  };
  return async (method: string, url: string, body?: object) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", ...session },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}
