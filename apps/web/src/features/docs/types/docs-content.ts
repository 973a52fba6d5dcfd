/*
 * The shape a Markdown page takes after the build (features/docs/build): plain data, rendered by
 * React (components/docs-markdown.tsx), so no HTML string ever reaches the page.
 */

export type DocsBlockTag =
  | "h2"
  | "h3"
  | "h4"
  | "p"
  | "ul"
  | "ol"
  | "li"
  | "blockquote"
  | "hr"
  | "table"
  | "thead"
  | "tbody"
  | "tr"
  | "th"
  | "td";
export type DocsInlineTag = "strong" | "em" | "code" | "a" | "br";
export type DocsTag = DocsBlockTag | DocsInlineTag;

export interface DocsElement {
  tag: DocsTag;
  /** Headings: the anchor id. */
  id?: string;
  /** Links: `doc:<page id>[#anchor]`, an app path, `mailto:` or an absolute address; may hold placeholders. */
  href?: string;
  /** Table cells. */
  align?: "left" | "center" | "right";
  /** Ordered lists that do not start at 1. */
  start?: number;
  children?: DocsNode[];
}

/** Text may hold `{{placeholder}}`s, filled from the client config when rendered. */
export type DocsNode = string | DocsElement;

export interface DocsHeading {
  id: string;
  text: string;
  level: 2 | 3 | 4;
}

export interface DocsPageContent {
  headings: DocsHeading[];
  nodes: DocsNode[];
}

/** One searchable stretch of a page: its introduction (no heading) or one heading and what follows it. */
export interface DocsSearchSection {
  headingId: string | null;
  heading: string | null;
  text: string;
}

/**
 * The values Markdown pages may use as `{{name}}`; anything else fails the build. The Privacy Policy's come
 * from the server's configuration (PRIVACY_EMAIL, the retention periods): durations arrive written out in the
 * page's language ("30 days", "30 jours"), so the text states what the server actually does. So do the
 * operator's name, address, governing law and currency, and the privacy officer (OPERATOR_*, PRIVACY_OFFICER_*,
 * GOVERNING_LAW_PROVINCE, CURRENCY): the law and the currency written out in the page's language too.
 */
export const docsPlaceholderNames = [
  "productName",
  "productShortName",
  "supportEmail",
  "extensionStoreUrl",
  "pdfToolUrl",
  "videoTutorialUrl",
  "privacyEmail",
  "deletionGracePeriod",
  "sessionRetention",
  "stripePayloadRetention",
  "auditRetention",
  "docsFeedbackRetention",
  "knownBrowserRetention",
  "operatorName",
  "operatorAddress",
  "governingLawPlace",
  "currency",
  "privacyOfficerName",
  "privacyOfficerTitle",
] as const;
export type DocsPlaceholderName = (typeof docsPlaceholderNames)[number];
export type DocsPlaceholderValues = Record<DocsPlaceholderName, string>;
