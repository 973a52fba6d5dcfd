/*
 * Build time only (Node, through the Vite plugin beside this file): turns one Markdown page into
 * the plain data the app renders, plus the sections the search index is made of. Anything the
 * renderer does not support fails the build with the file and the reason, so a writer finds out
 * at once rather than from a reader.
 */
import { Lexer, type Token, type Tokens } from "marked";
import {
  type DocsElement,
  type DocsHeading,
  type DocsNode,
  type DocsPageContent,
  type DocsSearchSection,
  docsPlaceholderNames,
} from "../types/docs-content.ts";

export interface ParseDocsMarkdownOptions {
  /** For error messages. */
  fileName: string;
  language: "en" | "fr";
  /** Checks the page id of `doc:` links. */
  isKnownPageId: (pageId: string) => boolean;
}

export interface ParsedDocsPage {
  content: DocsPageContent;
  sections: DocsSearchSection[];
}

const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** "Reading a memo" → "reading-a-memo"; accents dropped so French anchors stay plain ASCII. */
export function slugifyHeading(text: string): string {
  return text
    .replace(PLACEHOLDER_PATTERN, "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

export function parseDocsMarkdown(source: string, options: ParseDocsMarkdownOptions): ParsedDocsPage {
  const fail = (reason: string): never => {
    throw new Error(`${options.fileName}: ${reason}`);
  };

  const checkPlaceholders = (text: string) => {
    for (const [, name] of text.matchAll(PLACEHOLDER_PATTERN)) {
      if (!docsPlaceholderNames.some((known) => known === name)) {
        fail(`unknown placeholder {{${name}}}; known: ${docsPlaceholderNames.join(", ")}`);
      }
    }
    if (text.replace(PLACEHOLDER_PATTERN, "").includes("{{")) fail(`malformed placeholder in "${text}"`);
  };

  const toText = (raw: string) => {
    const text = decodeEntities(raw);
    checkPlaceholders(text);
    // French spacing is written in the sources themselves, and held there by french-typography.test.ts.
    return text;
  };

  const checkHref = (href: string) => {
    checkPlaceholders(href);
    if (href.startsWith("doc:")) {
      const pageId = href.slice("doc:".length).split("#")[0] ?? "";
      if (!options.isKnownPageId(pageId)) fail(`link to unknown documentation page "${href}"`);
      return;
    }
    const isAllowed =
      /^https:\/\//.test(href) ||
      /^mailto:/.test(href) ||
      (href.startsWith("/") && !href.startsWith("//")) ||
      /^\{\{\s*[A-Za-z]+\s*\}\}$/.test(href);
    if (!isAllowed) fail(`link "${href}" must be doc:<page>, an app path, https://, mailto: or a {{placeholder}}`);
  };

  const usedIds = new Set<string>();
  const headings: DocsHeading[] = [];

  const inline = (tokens: Token[] | undefined): DocsNode[] => {
    const nodes: DocsNode[] = [];
    const push = (node: DocsNode) => {
      const last = nodes.at(-1);
      // Adjacent text tokens (marked splits at escapes) become one string: smaller, and searchable.
      if (typeof node === "string" && typeof last === "string") nodes[nodes.length - 1] = last + node;
      else nodes.push(node);
    };
    for (const token of tokens ?? []) {
      switch (token.type) {
        case "text":
        case "escape":
          if ("tokens" in token && token.tokens?.length) for (const node of inline(token.tokens)) push(node);
          else push(toText(token.text));
          break;
        case "strong":
        case "em":
          push({ tag: token.type, children: inline(token.tokens) });
          break;
        case "codespan":
          push({ tag: "code", children: [toText(token.text)] });
          break;
        case "br":
          push({ tag: "br" });
          break;
        case "link": {
          const link = token as Tokens.Link;
          checkHref(link.href);
          push({ tag: "a", href: link.href, children: inline(link.tokens) });
          break;
        }
        default:
          fail(`unsupported inline Markdown "${token.type}" near "${token.raw.slice(0, 40)}"`);
      }
    }
    return nodes;
  };

  const block = (tokens: Token[]): DocsNode[] => {
    const nodes: DocsNode[] = [];
    for (const token of tokens) {
      switch (token.type) {
        case "space":
        case "def":
          break;
        case "heading": {
          const heading = token as Tokens.Heading;
          if (heading.depth === 1) fail("no # heading: the page title comes from the title bar, start at ##");
          if (heading.depth > 4) fail("headings go down to #### at most");
          const children = inline(heading.tokens);
          const text = plainText(children);
          const baseId = slugifyHeading(heading.text) || "section";
          let id = baseId;
          for (let suffix = 2; usedIds.has(id); suffix++) id = `${baseId}-${suffix}`;
          usedIds.add(id);
          const level = heading.depth as DocsHeading["level"];
          headings.push({ id, text, level });
          nodes.push({ tag: `h${level}`, id, children });
          break;
        }
        case "paragraph":
          nodes.push({ tag: "p", children: inline(token.tokens) });
          break;
        case "text":
          // Items of a tight list hold bare text blocks rather than paragraphs.
          nodes.push(...inline(token.tokens ?? [{ type: "text", raw: token.raw, text: token.text }]));
          break;
        case "list": {
          const list = token as Tokens.List;
          const element: DocsElement = {
            tag: list.ordered ? "ol" : "ul",
            children: list.items.map((item) => ({ tag: "li", children: block(item.tokens) })),
          };
          const start = Number(list.start);
          if (list.ordered && Number.isInteger(start) && start !== 1) element.start = start;
          nodes.push(element);
          break;
        }
        case "blockquote":
          nodes.push({ tag: "blockquote", children: block((token as Tokens.Blockquote).tokens) });
          break;
        case "hr":
          nodes.push({ tag: "hr" });
          break;
        case "table": {
          const table = token as Tokens.Table;
          const cell = (tag: "th" | "td", cellToken: Tokens.TableCell): DocsElement => ({
            tag,
            ...(cellToken.align ? { align: cellToken.align } : {}),
            children: inline(cellToken.tokens),
          });
          nodes.push({
            tag: "table",
            children: [
              { tag: "thead", children: [{ tag: "tr", children: table.header.map((header) => cell("th", header)) }] },
              {
                tag: "tbody",
                children: table.rows.map((row) => ({ tag: "tr", children: row.map((data) => cell("td", data)) })),
              },
            ],
          });
          break;
        }
        default:
          fail(`unsupported Markdown "${token.type}" near "${token.raw.slice(0, 40)}" (no raw HTML, code or images)`);
      }
    }
    return nodes;
  };

  const nodes = block(new Lexer().lex(source));
  return { content: { headings, nodes }, sections: splitIntoSections(nodes) };
}

/** The text a reader sees, without markup. */
function plainText(nodes: DocsNode[]): string {
  return nodes
    .map((node) => (typeof node === "string" ? node : node.tag === "br" ? " " : plainText(node.children ?? [])))
    .join("");
}

const BLOCK_SEPARATED_TAGS = new Set([
  "p",
  "li",
  "blockquote",
  "th",
  "td",
  "tr",
  "ul",
  "ol",
  "table",
  "thead",
  "tbody",
]);

/** Block-level text joined with spaces, so the last word of one item never runs into the next. */
function searchableText(nodes: DocsNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return node;
      return BLOCK_SEPARATED_TAGS.has(node.tag) ? ` ${searchableText(node.children ?? [])} ` : plainText([node]);
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

function splitIntoSections(nodes: DocsNode[]): DocsSearchSection[] {
  const sections: DocsSearchSection[] = [];
  let current: DocsSearchSection = { headingId: null, heading: null, text: "" };
  let body: DocsNode[] = [];
  const close = () => {
    const text = searchableText(body);
    if (current.heading || text) sections.push({ ...current, text });
  };
  for (const node of nodes) {
    if (typeof node !== "string" && (node.tag === "h2" || node.tag === "h3" || node.tag === "h4")) {
      close();
      current = { headingId: node.id ?? null, heading: plainText(node.children ?? []), text: "" };
      body = [];
    } else {
      body.push(node);
    }
  }
  close();
  return sections;
}
