import type { CookieSerializeOptions } from "@fastify/cookie";
import { type Language, languages } from "@precis/contract/auth";
import { LANGUAGE_COOKIE_MAX_AGE_SECONDS, LANGUAGE_COOKIE_NAME, LANGUAGE_QUERY_PARAMETER } from "@precis/contract/boot";
import { escapeHtml } from "@precis/contract/prerender";
import Negotiator from "negotiator";

/*
 * The language of a request (decision 047): the one its page is sent in, and the one the mail it asks for is
 * written in. In order: a link that names a language (`?lang=fr`, which also becomes the reader's choice), the
 * reader's choice (the language cookie, which the web app writes on a switch), the browser's languages
 * (Accept-Language), English.
 * The account's own language is not a step: a page's request carries the session cookie but not the access key
 * the session also needs (sessions/plugin.ts), so the server cannot tell who is signed in from a page request,
 * and the page and the mail it asks for must agree.
 */

/**
 * Where the language came from: a link's `?lang=`, the reader's stored choice, the browser's languages, or none of
 * them (English, then).
 */
export type LanguageSource = "link" | "choice" | "browser" | "none";

export interface RequestLanguage {
  language: Language;
  source: LanguageSource;
}

/** What the decision reads of a request (a Fastify request has all of it). */
export interface LanguageSignals {
  url: string;
  headers: { "accept-language"?: string | undefined };
  cookies: Record<string, string | undefined>;
}

const asLanguage = (value: string | null | undefined): Language | undefined =>
  languages.find((language) => language === value);

/** The browser's best language among ours ("fr-CA" is French), if it accepts any. */
function negotiateLanguage(acceptLanguage: string | undefined): Language | undefined {
  if (!acceptLanguage) return undefined;
  return asLanguage(new Negotiator({ headers: { "accept-language": acceptLanguage } }).language([...languages]));
}

/** The language named by the URL's `?lang=`, when it names one of ours. */
function languageOfLink(url: string): Language | undefined {
  const queryStart = url.indexOf("?");
  if (queryStart < 0) return undefined;
  return asLanguage(new URLSearchParams(url.slice(queryStart + 1)).get(LANGUAGE_QUERY_PARAMETER));
}

export function decideRequestLanguage(request: LanguageSignals): RequestLanguage {
  const linked = languageOfLink(request.url);
  if (linked) return { language: linked, source: "link" };
  const chosen = asLanguage(request.cookies[LANGUAGE_COOKIE_NAME]);
  if (chosen) return { language: chosen, source: "choice" };
  const accepted = negotiateLanguage(request.headers["accept-language"]);
  if (accepted) return { language: accepted, source: "browser" };
  return { language: "en", source: "none" };
}

/** The language a page of this request is in. */
export const requestLanguageOf = (request: LanguageSignals): Language => decideRequestLanguage(request).language;

/**
 * The language of the page a request comes from, for the mail it asks for; undefined when the request names none
 * (no choice, no language the browser accepts, as from a script), and the mail then goes in the account's.
 */
export function pageLanguageOf(request: LanguageSignals): Language | undefined {
  const { language, source } = decideRequestLanguage(request);
  return source === "none" ? undefined : language;
}

/**
 * The language cookie as the web app writes it (apps/web/src/i18n/index.ts): readable by the page's scripts, sent
 * with every request to the site, kept a year, Secure when the site is served over HTTPS.
 */
export function languageCookieOptions(publicUrl: string): CookieSerializeOptions {
  return {
    path: "/",
    sameSite: "lax",
    maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
    secure: new URL(publicUrl).protocol === "https:",
    httpOnly: false,
  };
}

/**
 * `<link rel="alternate" hreflang>` for each language of the page at `url` and for the browser's own choice
 * (x-default, the URL without `?lang=`), so search engines index each language as its own address.
 */
export function renderLanguageAlternates(url: string, publicUrl: string): string {
  // Built on the site's own address: a request path such as "//elsewhere" must not name another host.
  const address = new URL(publicUrl);
  const queryStart = url.indexOf("?");
  address.pathname = queryStart < 0 ? url : url.slice(0, queryStart);
  address.search = queryStart < 0 ? "" : url.slice(queryStart);
  const withLanguage = (language: Language | undefined) => {
    const alternate = new URL(address);
    if (language) alternate.searchParams.set(LANGUAGE_QUERY_PARAMETER, language);
    else alternate.searchParams.delete(LANGUAGE_QUERY_PARAMETER);
    return alternate.href;
  };
  return [...languages.map((language) => [language, withLanguage(language)]), ["x-default", withLanguage(undefined)]]
    .map(([hreflang, href]) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href ?? "")}">`)
    .join("");
}
