import { type DocsPageId, docsPageIds } from "@precis/contract/docs-pages";
import { describe, expect, it } from "vitest";
import {
  docsMenuPageIds,
  findDocsPageIdBySlug,
  getAdjacentDocsPageIds,
  getDocsPageIdForPathname,
  getDocsPagePath,
  getDocsPageTitle,
  getDocsPathForTitle,
} from "./docs-navigation";

describe("product §2 title → path mapping", () => {
  it.each([
    ["Memo", "/document/case-memo"],
    ["Case Chat", "/document/case-chat"],
    ["Precis Search", "/document/precis-search"],
    ["Case Chat History", "/document/search-history"],
    ["PDF Project", "/document/pdf-project"],
    ["Project History", "/document/pdf-history"],
    ["Bulk Question", "/document/bulk-question"],
    ["Install Extension", "/document/install-extension"],
    ["Frequently Asked Questions", "/document/faq"],
    ["Overview", "/document"],
    ["Anything else", "/document"],
    ["", "/document"],
  ])("%j → %s", (title, path) => {
    expect(getDocsPathForTitle(title, "Precis")).toBe(path);
  });

  it("names the search optimizer's path and title after the configured short name", () => {
    expect(getDocsPageTitle("search-optimizer", "Robin")).toBe("Robin Search");
    expect(getDocsPagePath("search-optimizer", "Robin")).toBe("/document/robin-search");
    expect(getDocsPathForTitle("Robin Search", "Robin")).toBe("/document/robin-search");
    expect(getDocsPathForTitle("Precis Search", "Robin")).toBe("/document");
  });

  it("maps every page's title back to its own path", () => {
    for (const pageId of docsPageIds) {
      expect(getDocsPathForTitle(getDocsPageTitle(pageId, "Precis"), "Precis")).toBe(getDocsPagePath(pageId, "Precis"));
    }
  });
});

describe("path → page", () => {
  it.each<[string, DocsPageId | null]>([
    ["/document", "overview"],
    ["/document/", "overview"],
    ["/video-document", "overview"],
    ["/document/case-memo", "case-memo"],
    ["/document/case-memo/", "case-memo"],
    ["/document/Case-Memo", "case-memo"],
    ["/document/precis-search", "search-optimizer"],
    ["/document/search-optimizer", null],
    ["/document/robin-search", null],
    ["/document/overview", null],
    ["/document/unknown", null],
    ["/document/case-memo/extra", null],
    ["/documents", null],
    ["/", null],
  ])("%s → %s", (pathname, pageId) => {
    expect(getDocsPageIdForPathname(pathname, "Precis")).toBe(pageId);
  });

  it("finds every page from its own slug", () => {
    for (const pageId of docsPageIds) {
      const path = getDocsPagePath(pageId, "Precis");
      expect(getDocsPageIdForPathname(path, "Precis")).toBe(pageId);
    }
    expect(findDocsPageIdBySlug("", "Precis")).toBe("overview");
  });
});

describe("Previous and Next", () => {
  const menuTitles = () => docsMenuPageIds.map((pageId) => getDocsPageTitle(pageId, "Precis"));

  it("lists SPEC's menu in order", () => {
    expect(menuTitles()).toEqual([
      "Overview",
      "Install Extension",
      "Memo",
      "Case Chat",
      "Precis Search",
      "Case Chat History",
      "Frequently Asked Questions",
    ]);
  });

  it("walks every page in reading order, forward and back again", () => {
    const forward: DocsPageId[] = ["overview"];
    for (let next = getAdjacentDocsPageIds("overview").next; next; next = getAdjacentDocsPageIds(next).next) {
      forward.push(next);
    }
    expect(forward).toEqual(docsPageIds);

    const backward: DocsPageId[] = ["faq"];
    for (let previous = getAdjacentDocsPageIds("faq").previous; previous; ) {
      backward.push(previous);
      previous = getAdjacentDocsPageIds(previous).previous;
    }
    expect(backward).toEqual([...docsPageIds].reverse());
  });

  it("is symmetric on every page, in the menu or not: a page's Next has that page as its Previous", () => {
    for (const pageId of docsPageIds) {
      const { previous, next } = getAdjacentDocsPageIds(pageId);
      if (next) expect({ pageId, back: getAdjacentDocsPageIds(next).previous }).toEqual({ pageId, back: pageId });
      if (previous) expect({ pageId, forth: getAdjacentDocsPageIds(previous).next }).toEqual({ pageId, forth: pageId });
    }
    expect(getAdjacentDocsPageIds("bulk-question")).toEqual({ previous: "pdf-history", next: "faq" });
    expect(getAdjacentDocsPageIds("faq")).toEqual({ previous: "bulk-question", next: null });
    expect(getAdjacentDocsPageIds("search-history")).toEqual({ previous: "search-optimizer", next: "pdf-project" });
  });

  it("has no Previous on the first page and no Next on the last", () => {
    expect(getAdjacentDocsPageIds("overview").previous).toBeNull();
    expect(getAdjacentDocsPageIds("faq").next).toBeNull();
  });
});
