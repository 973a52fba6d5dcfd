/*
 * Names the browser's entry chunk needs. Nothing here may import zod: every page would then
 * download it (10 kB gzip) before its first paint. api.ts and client-config.ts re-export these.
 */

/** The header that proves a request comes from our own scripts, not a cross-site form. */
export const REQUESTED_WITH_HEADER = "x-requested-with";
export const REQUESTED_WITH_VALUE = "XMLHttpRequest";
export const ACCESS_KEY_HEADER = "x-access-key";

/** id of the `<script type="application/json">` element that carries the ClientConfig. */
export const CLIENT_CONFIG_ELEMENT_ID = "precis-config";

/** Attribute of index.html's #root when the server prerendered the page: the language it rendered in. */
export const PRERENDERED_LANGUAGE_ATTRIBUTE = "data-prerendered-lang";
