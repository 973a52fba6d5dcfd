import { defaultMemoOrdering, findMemoOrderingProblem, type MemoSectionId } from "@precis/contract/memo-options";
import { describe, expect, it } from "vitest";
import {
  applyDrop,
  getSectionPlace,
  isDropAllowed,
  isSectionDraggable,
  moveSection,
  normalizeDrop,
} from "./memo-section-tree";

const tree = defaultMemoOrdering;
const ids = (nodes: { id: string }[] | undefined) => (nodes ?? []).map((node) => node.id);

describe("memo section drop rules", () => {
  it("keep rule, analysis and conclusion in place", () => {
    for (const id of ["ratio", "analysis", "outcome"] as MemoSectionId[]) {
      expect(isSectionDraggable(id)).toBe(false);
      expect(isDropAllowed(tree, id, "ratio", 1)).toBe(false);
      expect(moveSection(tree, id, 1)).toBe(tree);
    }
    expect(isSectionDraggable("case")).toBe(true);
    expect(isSectionDraggable("judges")).toBe(true);
  });

  it("allow drops between top-level sections", () => {
    expect(isDropAllowed(tree, "summary", "issues", 1)).toBe(true);
    expect(isDropAllowed(tree, "issues", "case", -1)).toBe(true);
    expect(ids(applyDrop(tree, "summary", "issues", 1))).toEqual(["case", "facts", "arguments", "issues", "summary"]);
    expect(ids(applyDrop(tree, "issues", "case", -1))).toEqual(["issues", "case", "summary", "facts", "arguments"]);
  });

  it("allow drops among siblings and into the dragged node's own parent", () => {
    expect(isDropAllowed(tree, "court", "citation", -1)).toBe(true);
    expect(isDropAllowed(tree, "court", "case", 0)).toBe(true);
    const moved = applyDrop(tree, "court", "case", 0);
    expect(ids(moved[0]?.children)).toEqual(["court", "citation", "plaintiff", "defendant", "judges", "decision_date"]);
    const after = applyDrop(tree, "citation", "judges", 1);
    expect(ids(after[0]?.children)).toEqual(["plaintiff", "defendant", "judges", "citation", "court", "decision_date"]);
  });

  it.each([
    ["a child beside a top-level section", "court", "summary", 1],
    ["a child into another parent", "court", "issues", 0],
    ["a child beside another parent's child", "court", "ratio", -1],
    ["a top-level section into a parent", "summary", "case", 0],
    ["a top-level section among a parent's children", "summary", "citation", 1],
    ["a section into a leaf", "summary", "facts", 0],
    ["a section into itself", "case", "case", 0],
  ] as const)("refuse %s and leave the tree as it was", (_label, dragId, dropId, position) => {
    expect(isDropAllowed(tree, dragId, dropId, position)).toBe(false);
    expect(applyDrop(tree, dragId, dropId, position)).toBe(tree);
  });

  it("produce only orderings the server accepts, whatever the sequence of moves", () => {
    const all = ["case", "citation", "plaintiff", "defendant", "judges", "court", "decision_date", "summary"] as const;
    let current = tree;
    for (const [index, dragId] of all.entries()) {
      for (const dropId of [...all, "issues", "ratio"] as const) {
        for (const position of [-1, 0, 1] as const) {
          current = applyDrop(current, dragId, dropId, position);
          expect(findMemoOrderingProblem(current)).toBeNull();
        }
      }
      current = moveSection(current, dragId, index % 2 === 0 ? -1 : 1);
      expect(findMemoOrderingProblem(current)).toBeNull();
    }
    expect(current).not.toEqual(tree);
  });
});

describe("the gap below an expanded section", () => {
  it("counts as the gap after that section for a section of its level", () => {
    expect(normalizeDrop(tree, "facts", "decision_date", 1)).toEqual({ dropId: "case", position: 1 });
    expect(normalizeDrop(tree, "summary", "outcome", 1)).toEqual({ dropId: "issues", position: 1 });
  });

  it("stays the gap after the last child for that child's siblings, and is left alone elsewhere", () => {
    expect(normalizeDrop(tree, "court", "decision_date", 1)).toEqual({ dropId: "decision_date", position: 1 });
    expect(normalizeDrop(tree, "facts", "judges", 1)).toEqual({ dropId: "judges", position: 1 });
    expect(normalizeDrop(tree, "facts", "decision_date", -1)).toEqual({ dropId: "decision_date", position: -1 });
    expect(normalizeDrop(tree, "facts", "summary", 1)).toEqual({ dropId: "summary", position: 1 });
  });
});

describe("keyboard moves", () => {
  it("swap a section with its neighbour and stop at the ends", () => {
    const down = moveSection(tree, "case", 1);
    expect(ids(down)).toEqual(["summary", "case", "facts", "arguments", "issues"]);
    expect(moveSection(tree, "case", -1)).toBe(tree);
    expect(moveSection(tree, "issues", 1)).toBe(tree);
    const child = moveSection(tree, "decision_date", -1);
    expect(ids(child[0]?.children)).toEqual(["citation", "plaintiff", "defendant", "judges", "decision_date", "court"]);
  });

  it("report a section's place among its siblings", () => {
    expect(getSectionPlace(tree, "facts")).toEqual({ position: 3, count: 5 });
    expect(getSectionPlace(tree, "court")).toEqual({ position: 5, count: 6 });
  });
});
