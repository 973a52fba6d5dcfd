import { X509Certificate } from "node:crypto";
import type { Element } from "@xmldom/xmldom";
import {
  attributeOf,
  certificatePem,
  childElements,
  onlyChild,
  parseXmlRoot,
  SAML_METADATA_NS,
  textOf,
  XMLDSIG_NS,
} from "./saml-xml.ts";
import { guardMetadata, type XmlGuardRefusal } from "./xml-guard.ts";

/*
 * An identity provider's metadata, read by Precis since node-saml reads none: the entity id, where to send the
 * person (the HTTP-Redirect binding), and the certificates it signs with. The metadata's own signature is not
 * relied on: the admin pastes it or names its https address, and confirms what it says before it is trusted.
 */

const PROTOCOL_2_0 = "urn:oasis:names:tc:SAML:2.0:protocol";
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

export interface IdpSigningCertificate {
  readonly pem: string;
  readonly fingerprint256: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
}

export interface IdpMetadata {
  readonly entityId: string;
  readonly ssoUrl: string;
  readonly signingCertificates: readonly IdpSigningCertificate[];
}

export type IdpMetadataOutcome =
  | { readonly outcome: "parsed"; readonly metadata: IdpMetadata }
  | XmlGuardRefusal
  | { readonly outcome: "notMetadata"; readonly detail: string };

const notMetadata = (detail: string) => ({ outcome: "notMetadata", detail }) as const;

function signingCertificates(descriptor: Element): IdpSigningCertificate[] | null {
  const certificates: IdpSigningCertificate[] = [];
  for (const keyDescriptor of childElements(descriptor, SAML_METADATA_NS, "KeyDescriptor")) {
    const use = attributeOf(keyDescriptor, "use");
    if (use !== null && use !== "signing") continue;
    const keyInfo = onlyChild(keyDescriptor, XMLDSIG_NS, "KeyInfo");
    for (const data of keyInfo ? childElements(keyInfo, XMLDSIG_NS, "X509Data") : []) {
      for (const body of childElements(data, XMLDSIG_NS, "X509Certificate")) {
        const text = textOf(body);
        if (!text) continue;
        const pem = certificatePem(text);
        let certificate: X509Certificate;
        try {
          certificate = new X509Certificate(pem);
        } catch {
          return null;
        }
        if (certificates.some((known) => known.fingerprint256 === certificate.fingerprint256)) continue;
        certificates.push({
          pem,
          fingerprint256: certificate.fingerprint256,
          notBefore: new Date(certificate.validFrom),
          notAfter: new Date(certificate.validTo),
        });
      }
    }
  }
  return certificates;
}

/** The parts of an IdP's metadata a connection keeps, or why the document cannot give them. */
export function parseIdpMetadata(xml: string): IdpMetadataOutcome {
  const guarded = guardMetadata(xml);
  if (guarded.outcome !== "accepted") return guarded;
  const root = parseXmlRoot(guarded.xml);
  if (!root) return notMetadata("not well-formed XML");
  // A federation's aggregate (EntitiesDescriptor) names many IdPs: the admin must give their own.
  if (root.namespaceURI !== SAML_METADATA_NS || root.localName !== "EntityDescriptor") {
    return notMetadata("not a single SAML EntityDescriptor");
  }
  const entityId = attributeOf(root, "entityID")?.trim();
  if (!entityId) return notMetadata("the EntityDescriptor has no entityID");
  const descriptors = childElements(root, SAML_METADATA_NS, "IDPSSODescriptor").filter((descriptor) =>
    (attributeOf(descriptor, "protocolSupportEnumeration") ?? "").split(/\s+/).includes(PROTOCOL_2_0),
  );
  const [descriptor] = descriptors;
  if (descriptors.length !== 1 || !descriptor) return notMetadata("no single SAML 2.0 IDPSSODescriptor");
  const redirect = childElements(descriptor, SAML_METADATA_NS, "SingleSignOnService").find(
    (service) => attributeOf(service, "Binding") === REDIRECT_BINDING,
  );
  const ssoUrl = attributeOf(redirect, "Location")?.trim();
  if (!ssoUrl || !URL.canParse(ssoUrl)) return notMetadata("no SingleSignOnService for the HTTP-Redirect binding");
  const certificates = signingCertificates(descriptor);
  if (certificates === null) return notMetadata("a signing certificate is not a valid X.509 certificate");
  if (certificates.length === 0) return notMetadata("no signing certificate");
  return { outcome: "parsed", metadata: { entityId, ssoUrl, signingCertificates: certificates } };
}
