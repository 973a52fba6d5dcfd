/**
 * Navigation state asking the docs layout to move focus to the page title once the new page is
 * shown: after Previous/Next or a feature button the old focus would be left at the bottom of a
 * page that is no longer there, and screen readers would not hear that the page changed.
 */
export const DOCS_FOCUS_TITLE_STATE = { docsFocus: "title" } as const;

export function isFocusTitleState(state: unknown): boolean {
  return typeof state === "object" && state !== null && "docsFocus" in state && state.docsFocus === "title";
}

export const DOCS_TITLE_ID = "docs-title";
