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

/**
 * The cookie that holds the reader's choice of language ("en" or "fr"). The server reads it to send every page in
 * that language from the first byte; the web app writes it when the reader switches (decision 047).
 */
export const LANGUAGE_COOKIE_NAME = "precis_lang";
/** How long the choice is kept: a year, renewed by every switch. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The query parameter of a link that names its language (`/document?lang=fr`); following it sets the choice. */
export const LANGUAGE_QUERY_PARAMETER = "lang";
