import type { DocsPageId } from "@precis/contract/docs-pages";

/*
 * Search over the documentation, entirely in the browser: the sections come ready-made from the
 * build, a few dozen of them, so a linear scan answers in well under a millisecond and needs no
 * index library. Words match by prefix ("memo" finds "memos"), accents and case are ignored
 * ("resume" finds "résumé").
 */

export interface DocsSearchEntry {
  pageId: DocsPageId;
  pageTitle: string;
  /** null for the page's introduction, before its first heading. */
  headingId: string | null;
  heading: string | null;
  text: string;
}

export interface DocsSearchIndex {
  entries: readonly (DocsSearchEntry & { words: SearchWords })[];
}

interface SearchWords {
  heading: readonly string[];
  pageTitle: readonly string[];
  text: readonly string[];
}

export interface DocsSearchResult {
  pageId: DocsPageId;
  pageTitle: string;
  headingId: string | null;
  heading: string | null;
  /** Text around the first match, the match itself kept apart so it can be highlighted. */
  snippet: { before: string; match: string; after: string };
}

/** Words too common to tell pages apart; dropped from a query unless it holds nothing else. */
const STOP_WORDS = new Set(
  (
    "a an and are as at be by can do does for from how i in is it me my of on or the to what when where which who why will with you your " +
    "au aux avec ce ces cette comment d dans de des du elle en est et il je l la le les ma mes mon on ou par pour qu que qui quoi sur un une y"
  ).split(" "),
);

const SNIPPET_CONTEXT = 70;
export const DEFAULT_RESULT_LIMIT = 8;

/** Lower case without accents; keeps the length of NFC text, so positions carry over to the original. */
export function normalizeForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function splitWords(normalized: string): string[] {
  return normalized.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

export function createDocsSearchIndex(entries: readonly DocsSearchEntry[]): DocsSearchIndex {
  return {
    entries: entries.map((entry) => ({
      ...entry,
      words: {
        heading: splitWords(normalizeForSearch(entry.heading ?? "")),
        pageTitle: splitWords(normalizeForSearch(entry.pageTitle)),
        text: splitWords(normalizeForSearch(entry.text)),
      },
    })),
  };
}

/** The words of a query worth looking for. */
export function getQueryTerms(query: string): string[] {
  const words = [...new Set(splitWords(normalizeForSearch(query)))].filter(
    (word) => word.length > 1 || /\d/.test(word),
  );
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return meaningful.length > 0 ? meaningful : words;
}

function scoreWords(words: readonly string[], term: string, exactWeight: number, prefixWeight: number): number {
  let best = 0;
  for (const word of words) {
    if (word === term) return exactWeight;
    if (word.startsWith(term)) best = prefixWeight;
  }
  return best;
}

/**
 * Sections matching the most query terms, best first. When some section holds every term only
 * such sections are shown; otherwise the ones holding the most, so a long question still finds
 * something.
 */
export function searchDocs(index: DocsSearchIndex, query: string, limit = DEFAULT_RESULT_LIMIT): DocsSearchResult[] {
  const terms = getQueryTerms(query);
  if (terms.length === 0) return [];

  const scored = index.entries.flatMap((entry, position) => {
    let matchedTerms = 0;
    let score = 0;
    for (const term of terms) {
      const termScore =
        scoreWords(entry.words.heading, term, 10, 6) +
        scoreWords(entry.words.pageTitle, term, 4, 3) +
        scoreWords(entry.words.text, term, 2, 1);
      if (termScore > 0) matchedTerms++;
      score += termScore;
    }
    return matchedTerms > 0 ? [{ entry, matchedTerms, score, position }] : [];
  });
  const mostMatched = Math.max(0, ...scored.map((item) => item.matchedTerms));

  return scored
    .filter((item) => item.matchedTerms === mostMatched)
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, limit)
    .map(({ entry }) => ({
      pageId: entry.pageId,
      pageTitle: entry.pageTitle,
      headingId: entry.headingId,
      heading: entry.heading,
      snippet: createSnippet(entry.text, terms),
    }));
}

function createSnippet(text: string, terms: readonly string[]): DocsSearchResult["snippet"] {
  const normalized = normalizeForSearch(text);
  // Offsets are only valid when normalising kept the length (true of NFC text in Latin scripts).
  const canLocate = normalized.length === text.length;
  let start = -1;
  let length = 0;
  if (canLocate) {
    for (const term of terms) {
      const found = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}`, "u").exec(normalized);
      if (found && (start === -1 || found.index < start)) {
        start = found.index;
        // Highlight the whole word the prefix begins ("memo" → "memos").
        const wordEnd = /[^\p{L}\p{N}]/u.exec(normalized.slice(start));
        length = wordEnd ? wordEnd.index : normalized.length - start;
      }
    }
  }
  if (start === -1) {
    const head = text.slice(0, SNIPPET_CONTEXT * 2);
    return { before: head.length < text.length ? `${head}…` : head, match: "", after: "" };
  }
  const from = Math.max(0, text.lastIndexOf(" ", Math.max(0, start - SNIPPET_CONTEXT)) + 1);
  const endBoundary = text.indexOf(" ", start + length + SNIPPET_CONTEXT);
  const to = endBoundary === -1 ? text.length : endBoundary;
  return {
    before: `${from > 0 ? "…" : ""}${text.slice(from, start)}`,
    match: text.slice(start, start + length),
    after: `${text.slice(start + length, to)}${to < text.length ? "…" : ""}`,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
