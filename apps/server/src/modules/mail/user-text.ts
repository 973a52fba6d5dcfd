import { asGreetingName } from "./greeting.ts";

/*
 * A person's own words in an email (a name, a passkey's, a firm's): made plain data before any template sees
 * them, and held aside while the HTML is linked, so no one can write a link, a paragraph or a quotation into mail
 * that Precis sends. And the HTML escaping the renderer uses for everything else.
 */

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export const unescapeHtml = (text: string) =>
  text.replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)));

/**
 * Text a person chose (a first name, a username, a passkey's name) that an email repeats. A security email is
 * where a phishing line would be most believed (issue 42, finding 7): the text is made plain data. Line breaks
 * and invisible characters go (no fake paragraphs, no reordered text), double quotes and guillemets go (the
 * templates' own quotes cannot be closed early; an apostrophe, as in O'Brien, stays), and anything shaped like a
 * domain is defanged, its dots and scheme bracketed ("https[:]//evil[.]example/login"), so no mail client makes
 * a link of it, in text or HTML. Long text is cut.
 */
export function asQuotedData(text: string, maxLength = 60) {
  const plain = text
    .normalize("NFKC")
    .replace(/[\u3002\uff61]/g, ".")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/["`\u201c-\u201f\u00ab\u00bb\u2039\u203a<>]/g, "")
    .replace(/:\/\//g, "[:]//")
    .replace(/([\p{L}\p{N}_-])\.(?=[\p{L}\p{N}_-]{2})/gu, "$1[.]")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > maxLength ? `${plain.slice(0, maxLength - 1)}…` : plain;
}

/**
 * The params with each field that holds someone's own words replaced by a slot (a number between two characters
 * of Unicode's private-use area, which no template writes), the words kept in `userTexts` in slot order.
 */
export function withUserTextInSlots<P>(params: P, userTexts: string[]): P {
  const copy = { ...params } as Record<string, unknown>;
  for (const field of Object.keys(USER_TEXT_FIELDS)) {
    const text = copy[field];
    if (typeof text === "string") {
      copy[field] = `\uE000${userTexts.length}\uE001`;
      userTexts.push(text);
    }
  }
  return copy as P;
}

/** The person's words back in their slots, escaped, never linked (asQuotedData has already defanged them). */
export const fillUserTextSlots = (html: string, userTexts: string[]) =>
  html.replace(/\uE000(\d+)\uE001/g, (_slot, index: string) => escapeHtml(userTexts[Number(index)] ?? ""));

/**
 * Every field that holds someone's own words, with the longest text an email repeats of it: the greeting's name,
 * a passkey's name, a firm's name (up to its 100 characters) and the name of the person who invited someone.
 */
const USER_TEXT_FIELDS = { name: 60, passkeyName: 60, firmName: 100, inviterName: 100 } as const;

/** The params with every field of USER_TEXT_FIELDS made plain data, and a greeting's name kept only if it is one. */
export function withUserTextAsData<P>(params: P): P {
  const copy = { ...params } as Record<string, unknown>;
  for (const [field, maxLength] of Object.entries(USER_TEXT_FIELDS)) {
    const text = copy[field];
    if (typeof text === "string") copy[field] = asQuotedData(text, maxLength);
  }
  if (typeof copy.name === "string") copy.name = asGreetingName(copy.name);
  return copy as P;
}
