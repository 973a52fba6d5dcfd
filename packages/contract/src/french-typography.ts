/*
 * French punctuation spacing (issue 58), as the French catalogues, docs, legal pages, popup and emails write it: a
 * narrow no-break space (U+202F) before ; ! and ?, a no-break space (U+00A0) before : and inside « », so that a
 * line never breaks between a word and its punctuation. English puts no space there. The tests of the pages and of
 * the emails hold every text to these rules; nothing at run time reads this module.
 */

export const NARROW_NO_BREAK_SPACE = "\u202f";
export const NO_BREAK_SPACE = "\u00a0";

/**
 * What is not prose, so follows no typography: fenced code blocks, code spans, a Markdown link's destination
 * (`](mailto:…)`, `](doc:faq#…)`), a bare address with its query (`?token=`), and a caption's timing line.
 */
const NOT_PROSE =
  /```[\s\S]*?```|`[^`\n]*`|\]\([^)\s]*\)|https?:\/\/[^\s)>]+|mailto:[^\s)>]+|^\d\d:\d\d:\d\d\.\d+ --> .*$/gmu;

interface Rule {
  pattern: RegExp;
  says: string;
}

const FRENCH_RULES: Rule[] = [
  { pattern: /(?<!\u202f)[;!?]/gu, says: "a narrow no-break space (U+202F) before ; ! ?" },
  // A colon between two digits is a time ("20:00"), not punctuation.
  { pattern: /(?<![\u00a0\d]):|(?<=\d):(?!\d)/gu, says: "a no-break space (U+00A0) before :" },
  { pattern: /«(?!\u00a0)/gu, says: "a no-break space (U+00A0) after «" },
  { pattern: /(?<!\u00a0)»/gu, says: "a no-break space (U+00A0) before »" },
];

const ENGLISH_RULES: Rule[] = [
  { pattern: /[\u202f\u00a0][;!?:]/gu, says: "no space before ; ! ? : in English" },
  { pattern: /[«»]/gu, says: "English quotation marks, not « »" },
];

/** A place a text breaks a rule: the rule, where (an offset in the text), and the text around it, spaces shown. */
export interface TypographySlip {
  says: string;
  at: number;
  near: string;
}

/** The text with what is not prose blanked out, each character kept in place (so positions still match). */
const proseOf = (text: string) => text.replace(NOT_PROSE, (match) => " ".repeat(match.length));

/** An excerpt on one line, its special spaces named: a failure should show what is missing. */
const visible = (text: string) =>
  text.replaceAll("\n", " ").replaceAll(NARROW_NO_BREAK_SPACE, "[U+202F]").replaceAll(NO_BREAK_SPACE, "[U+00A0]");

function slipsOf(text: string, rules: Rule[]): TypographySlip[] {
  const prose = proseOf(text);
  return rules.flatMap(({ pattern, says }) =>
    Array.from(prose.matchAll(pattern), (match) => ({
      says,
      at: match.index,
      near: visible(text.slice(Math.max(0, match.index - 20), match.index + 20)),
    })),
  );
}

/** Where a French text misses the spaces French puts around its punctuation. */
export const frenchTypographySlips = (text: string) => slipsOf(text, FRENCH_RULES);

/** Where an English text carries French spacing or French quotation marks. */
export const englishTypographySlips = (text: string) => slipsOf(text, ENGLISH_RULES);
