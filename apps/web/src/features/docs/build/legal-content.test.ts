import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LEGAL_DOCUMENT_PATHS, type LegalDocument } from "@precis/contract/docs-pages";
import { describe, expect, it } from "vitest";
import type { LegalPageId } from "../content/legal-pages";
import { type DocsNode, docsPlaceholderNames } from "../types/docs-content";
import { type ParsedDocsPage, parseDocsMarkdown } from "./parse-docs-markdown";

/*
 * The Terms of Service, the Privacy Policy and the accessibility statement as the build sees them
 * (src/legal/<language>/<page>.md): each in both languages, the same outline and links in each, and the configured
 * values in the text, so the pages state what this server actually does and who runs it, with nothing left to fill.
 */

const srcDir = fileURLToPath(new URL("../../..", import.meta.url));
const languages = ["en", "fr"] as const;
const documents = Object.keys(LEGAL_DOCUMENT_PATHS) as LegalDocument[];
const pages: LegalPageId[] = [...documents, "accessibility"];

function parseDocument(language: (typeof languages)[number], document: LegalPageId): ParsedDocsPage {
  const file = path.join(srcDir, "legal", language, `${document}.md`);
  return parseDocsMarkdown(readFileSync(file, "utf8"), {
    fileName: file,
    language,
    isKnownPageId: (id) => existsSync(path.join(srcDir, "docs", language, `${id}.md`)),
  });
}

function links(nodes: readonly DocsNode[]): string[] {
  return nodes.flatMap((node) =>
    typeof node === "string"
      ? []
      : [...(node.tag === "a" && node.href ? [node.href] : []), ...links(node.children ?? [])],
  );
}

/** The page's text, piece by piece. */
function textsOf(nodes: readonly DocsNode[]): string[] {
  return nodes.flatMap((node) => (typeof node === "string" ? [node] : textsOf(node.children ?? [])));
}

/** Every `{{name}}` the page's text and links use. */
function placeholders(nodes: readonly DocsNode[]): Set<string> {
  const texts = JSON.stringify(nodes);
  return new Set([...texts.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? ""));
}

describe.each(languages)("the legal documents in %s", (language) => {
  it("are exactly the Terms of Service, the Privacy Policy and the accessibility statement", () => {
    expect(readdirSync(path.join(srcDir, "legal", language)).sort()).toEqual(pages.map((page) => `${page}.md`).sort());
  });

  it.each(documents)("%s parses, with a table of contents' worth of sections", (document) => {
    const { content } = parseDocument(language, document);
    expect(content.headings.filter((heading) => heading.level === 2).length).toBeGreaterThanOrEqual(8);
  });

  // Issue 43: a template's "[operator's legal name]" or "[Province]" must never reach a reader. A Markdown link's
  // brackets are gone once parsed, so any left in the text are a blank someone forgot to fill.
  it.each(pages)("%s has no [blank] left to fill", (page) => {
    const blanks = textsOf(parseDocument(language, page).content.nodes).filter((text) => /[[\]]/.test(text));
    expect(blanks).toEqual([]);
  });

  it("name the operator, its address, the governing law and the currency from the configuration", () => {
    const terms = placeholders(parseDocument(language, "terms").content.nodes);
    for (const name of ["operatorName", "operatorAddress", "governingLawPlace", "currency"]) {
      expect(terms, name).toContain(name);
    }
    const privacy = placeholders(parseDocument(language, "privacy").content.nodes);
    for (const name of ["operatorName", "operatorAddress", "privacyOfficerName", "privacyOfficerTitle"]) {
      expect(privacy, name).toContain(name);
    }
  });

  it("give the accessibility statement's target and a way to report a problem", () => {
    const { content } = parseDocument(language, "accessibility");
    expect(JSON.stringify(content.nodes)).toContain("WCAG) 2.1");
    expect(links(content.nodes)).toContain("mailto:{{supportEmail}}");
    expect(content.headings.filter((heading) => heading.level === 2).length).toBeGreaterThanOrEqual(4);
  });

  it("state the privacy officer's address and every retention period the server is configured with", () => {
    const used = placeholders(parseDocument(language, "privacy").content.nodes);
    // Each retention period a page may name is one the server is configured with: a new one must reach the policy.
    const retentionPeriods = docsPlaceholderNames.filter((name) => name.endsWith("Retention"));
    expect(retentionPeriods.length).toBeGreaterThanOrEqual(5);
    for (const name of ["privacyEmail", "deletionGracePeriod", ...retentionPeriods]) {
      expect(used, name).toContain(name);
    }
  });

  it("give the deletion's grace period in the terms too, and link each document to the other", () => {
    const terms = parseDocument(language, "terms").content.nodes;
    expect(placeholders(terms)).toContain("deletionGracePeriod");
    expect(links(terms)).toContain(LEGAL_DOCUMENT_PATHS.privacy);
  });

  // Issue 44: what a firm's owners and admins see of a member, and that the download holds the person's firm.
  it("say what a firm's administrators see of a member, and that the data download includes the firm", () => {
    const text = textsOf(parseDocument(language, "privacy").content.nodes).join("");
    const promises = {
      en: [
        "counts and matter codes only, never your memo settings, your presets or anything the extension sent",
        "your firm membership and your memo counts by client matter",
        "A firm's trail of changes",
      ],
      fr: [
        "seulement des nombres et des codes de dossier, jamais vos paramètres de mémo, vos préréglages ni quoi que ce soit que l’extension a envoyé",
        "votre appartenance à un cabinet et vos comptes de mémos par dossier client",
        "L’historique des changements d’un cabinet",
      ],
    }[language];
    for (const promise of promises) expect(text).toContain(promise);
  });

  it.each(documents)("%s tells how to reach the privacy officer by email", (document) => {
    expect(links(parseDocument(language, document).content.nodes)).toContain("mailto:{{privacyEmail}}");
  });
});

describe.each(pages)("%s in English and French", (document) => {
  it("has the same outline", () => {
    const outline = (language: (typeof languages)[number]) =>
      parseDocument(language, document).content.headings.map((heading) => heading.level);
    expect(outline("fr")).toEqual(outline("en"));
  });

  it("has the same links", () => {
    expect(links(parseDocument("fr", document).content.nodes)).toEqual(
      links(parseDocument("en", document).content.nodes),
    );
  });
});
