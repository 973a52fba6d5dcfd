import type { Page } from "playwright-core";

/**
 * Serves this page the app's HTML with its embedded public settings changed, as a server configured
 * otherwise would embed them (decision 002): e.g. `{ sso: { isConfigured: false } }` on this suite's
 * server, which has the Auth Emulator.
 */
export async function overrideEmbeddedClientConfig(page: Page, changes: Record<string, unknown>) {
  await page.route(
    (url) => !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/assets/"),
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script type="application\/json" id="precis-config">)(.*?)(<\/script>)/,
        (_match, open: string, json: string, close: string) =>
          `${open}${JSON.stringify({ ...JSON.parse(json), ...changes }).replace(/</g, "\\u003c")}${close}`,
      );
      return route.fulfill({ response, body: html });
    },
  );
}
