import { DOMParser, type Element, onErrorStopParsing } from "@xmldom/xmldom";

/*
 * Precis's own reading of SAML XML, with xmldom 0.9 stopping at the first error. Only strings go in and out:
 * node-saml and xml-crypto keep their own xmldom, and a node of one is not a node of the other.
 */

export const SAML_ASSERTION_NS = "urn:oasis:names:tc:SAML:2.0:assertion";
export const SAML_PROTOCOL_NS = "urn:oasis:names:tc:SAML:2.0:protocol";
export const SAML_METADATA_NS = "urn:oasis:names:tc:SAML:2.0:metadata";
export const XMLDSIG_NS = "http://www.w3.org/2000/09/xmldsig#";

/** The document element of `xml`, or null when it is not well-formed XML. */
export function parseXmlRoot(xml: string): Element | null {
  try {
    return new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml, "text/xml").documentElement;
  } catch {
    return null;
  }
}

/** The element children of `parent` with this namespace and local name, in document order. */
export function childElements(parent: Element, namespace: string, localName: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== node.ELEMENT_NODE) continue;
    const element = node as Element;
    if (element.namespaceURI === namespace && element.localName === localName) found.push(element);
  }
  return found;
}

/** The only such child, or null when there is none or several (both make an answer ambiguous). */
export function onlyChild(parent: Element | null | undefined, namespace: string, localName: string) {
  if (!parent) return null;
  const found = childElements(parent, namespace, localName);
  return found.length === 1 ? (found[0] ?? null) : null;
}

/** The trimmed text of an element, null when empty or absent. */
export function textOf(element: Element | null | undefined): string | null {
  const text = element?.textContent?.trim();
  return text ? text : null;
}

/** An attribute's value, null when absent. */
export function attributeOf(element: Element | null | undefined, name: string): string | null {
  return element?.hasAttribute(name) ? element.getAttribute(name) : null;
}

/** A PEM certificate from the base64 body of an `X509Certificate` element. */
export function certificatePem(base64Body: string) {
  const body = base64Body.replace(/\s+/g, "");
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}
