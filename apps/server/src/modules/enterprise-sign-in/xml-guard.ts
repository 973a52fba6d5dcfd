/*
 * What an identity provider's XML must be before any parser sees it. xmldom parses a document type (0.9 even its
 * internal subset) and leaves unknown entities to an error handler: no entity is ever expanded, but nothing a SAML
 * message or a metadata document carries needs a DTD, so one is refused outright, and so are comments in SAML
 * answers (no identity provider sends any, and they are the old NameID-truncation trick). The checks are byte
 * scans, which are only sound on UTF-8: anything else is refused first.
 */

/** A SAML answer larger than this, once decoded, is refused (the ACS answers 413). */
export const MAX_SAML_RESPONSE_BYTES = 256 * 1024;
/** Identity-provider metadata larger than this is refused (federation aggregates are not a firm's metadata). */
export const MAX_METADATA_BYTES = 1024 * 1024;

export type XmlGuardRefusal =
  | { readonly outcome: "tooLarge"; readonly limitBytes: number }
  | { readonly outcome: "notBase64" }
  | { readonly outcome: "notUtf8" }
  | { readonly outcome: "declarationsRefused" }
  | { readonly outcome: "commentsRefused" };

export type GuardedXml = { readonly outcome: "accepted"; readonly xml: string } | XmlGuardRefusal;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const DECLARATIONS = /<!DOCTYPE|<!ENTITY|<!ATTLIST|<!ELEMENT/i;
const XML_DECLARATION = /^<\?xml[^>]*\?>/;
const ENCODING = /\bencoding\s*=\s*["']([^"']*)["']/i;

/** The characters of a UTF-8 document, or null when it is not one (a BOM of UTF-16, bad bytes, another encoding). */
function decodeUtf8(bytes: Uint8Array): string | null {
  let text: string;
  try {
    // ignoreBOM keeps a UTF-8 BOM in the text, where the declaration check below sees past it.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const declared = XML_DECLARATION.exec(body)?.[0].match(ENCODING)?.[1];
  if (declared !== undefined && !/^utf-?8$/i.test(declared)) return null;
  return body;
}

function guardText(bytes: Uint8Array, limitBytes: number, refuseComments: boolean): GuardedXml {
  if (bytes.byteLength > limitBytes) return { outcome: "tooLarge", limitBytes };
  const xml = decodeUtf8(bytes);
  if (xml === null) return { outcome: "notUtf8" };
  if (DECLARATIONS.test(xml)) return { outcome: "declarationsRefused" };
  if (refuseComments && xml.includes("<!--")) return { outcome: "commentsRefused" };
  return { outcome: "accepted", xml };
}

/**
 * A posted `SAMLResponse`: strict base64 (whitespace aside, as some providers wrap lines), then the text checks.
 * The size is judged before decoding too, from the length, so an enormous form field is never decoded.
 */
export function guardSamlResponse(samlResponseBase64: string): GuardedXml {
  const compact = samlResponseBase64.replace(/\s+/g, "");
  if (Math.floor(compact.length / 4) * 3 > MAX_SAML_RESPONSE_BYTES + 3) {
    return { outcome: "tooLarge", limitBytes: MAX_SAML_RESPONSE_BYTES };
  }
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) return { outcome: "notBase64" };
  return guardText(Buffer.from(compact, "base64"), MAX_SAML_RESPONSE_BYTES, true);
}

/** An identity provider's metadata document, fetched or pasted. Comments are common there and harmless. */
export function guardMetadata(xml: string): GuardedXml {
  return guardText(Buffer.from(xml, "utf8"), MAX_METADATA_BYTES, false);
}
