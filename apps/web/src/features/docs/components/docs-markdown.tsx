import { isDocsPageId } from "@precis/contract/docs-pages";
import { createElement, type ReactNode } from "react";
import { SmartLink } from "@/components/smart-link";
import { useClientConfig } from "@/lib/client-config";
import { useDocsPlaceholders } from "../hooks/use-docs-placeholders";
import { getDocsPagePath } from "../lib/docs-navigation";
import { fillPlaceholders } from "../lib/fill-placeholders";
import type { DocsNode, DocsPlaceholderValues } from "../types/docs-content";

interface RenderContext {
  placeholders: DocsPlaceholderValues;
  productShortName: string;
}

/** `doc:case-memo#anchor` → `/document/case-memo#anchor`; other addresses with their placeholders filled. */
function resolveHref(href: string, context: RenderContext): string {
  if (!href.startsWith("doc:")) return fillPlaceholders(href, context.placeholders);
  const [pageId = "", anchor] = href.slice("doc:".length).split("#");
  const path = isDocsPageId(pageId) ? getDocsPagePath(pageId, context.productShortName) : "/document";
  return anchor ? `${path}#${anchor}` : path;
}

function renderNode(node: DocsNode, key: number, context: RenderContext): ReactNode {
  if (typeof node === "string") return fillPlaceholders(node, context.placeholders);
  const children = node.children?.map((child, index) => renderNode(child, index, context));
  switch (node.tag) {
    case "a":
      return (
        <SmartLink key={key} href={resolveHref(node.href ?? "", context)}>
          {children}
        </SmartLink>
      );
    case "h2":
    case "h3":
    case "h4":
      // Focusable from script only, so a search result or an anchor link can move focus to it.
      return createElement(node.tag, { key, id: node.id, tabIndex: -1, className: "docs-heading" }, children);
    case "ol":
      return (
        <ol key={key} start={node.start}>
          {children}
        </ol>
      );
    case "th":
      return (
        <th key={key} scope="col" style={node.align ? { textAlign: node.align } : undefined}>
          {children}
        </th>
      );
    case "td":
      return (
        <td key={key} style={node.align ? { textAlign: node.align } : undefined}>
          {children}
        </td>
      );
    case "br":
    case "hr":
      return createElement(node.tag, { key });
    default:
      return createElement(node.tag, { key }, children);
  }
}

/**
 * Renders a page made by the build from our own Markdown. It is data, not HTML: React builds
 * every element, so nothing is injected as markup, and config values are filled in as text.
 */
export function DocsMarkdown({ nodes }: { nodes: readonly DocsNode[] }) {
  const placeholders = useDocsPlaceholders();
  const { productShortName } = useClientConfig();
  const context: RenderContext = { placeholders, productShortName };
  return <>{nodes.map((node, index) => renderNode(node, index, context))}</>;
}
