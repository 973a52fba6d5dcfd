import type { MemoOrderingNode, MemoSectionId } from "@precis/contract/memo-options";

/**
 * The rules of product §4 "Memo section tree", kept apart from antd so they can be tested alone and
 * shared by the drag-and-drop and the keyboard moves. The tree's shape never changes: a section
 * only changes place among its siblings (the server refuses anything else, see
 * findMemoOrderingProblem in the contract).
 */

/** Where a drop lands relative to the node under the pointer, as rc-tree reports it. */
export type RelativeDropPosition = -1 | 0 | 1;

/** product §4: the parts of an issue keep their order (rule, analysis, conclusion). */
const FIXED_SECTIONS: ReadonlySet<MemoSectionId> = new Set(["ratio", "analysis", "outcome"]);

export function isSectionDraggable(id: MemoSectionId): boolean {
  return !FIXED_SECTIONS.has(id);
}

/** The siblings list holding `id` and the id of their parent (null at the top level); null when absent. */
function locate(
  tree: readonly MemoOrderingNode[],
  id: MemoSectionId,
): { siblings: readonly MemoOrderingNode[]; parentId: MemoSectionId | null; index: number } | null {
  const topIndex = tree.findIndex((node) => node.id === id);
  if (topIndex >= 0) return { siblings: tree, parentId: null, index: topIndex };
  for (const node of tree) {
    const index = node.children?.findIndex((child) => child.id === id) ?? -1;
    if (index >= 0 && node.children) return { siblings: node.children, parentId: node.id, index };
  }
  return null;
}

/**
 * The gap below the last child of an expanded section is also the gap below that section: rc-tree
 * reports it as "after the last child", which for a section of the parent's own level means
 * "after the parent". Without this, a top-level section could never be dropped just after "Case".
 */
export function normalizeDrop(
  tree: readonly MemoOrderingNode[],
  dragId: MemoSectionId,
  dropId: MemoSectionId,
  position: RelativeDropPosition,
): { dropId: MemoSectionId; position: RelativeDropPosition } {
  const dragged = locate(tree, dragId);
  const target = locate(tree, dropId);
  if (position !== 1 || !dragged || !target || target.parentId === null) return { dropId, position };
  const isLastChild = target.index === target.siblings.length - 1;
  const parent = locate(tree, target.parentId);
  if (isLastChild && parent && parent.parentId === dragged.parentId && dragged.parentId !== target.parentId) {
    return { dropId: target.parentId, position: 1 };
  }
  return { dropId, position };
}

/**
 * product §4: a drop is allowed onto a sibling's gap (before or after it, which also covers two
 * top-level nodes), or into the dragged node's own parent (as its first child). Never elsewhere.
 */
export function isDropAllowed(
  tree: readonly MemoOrderingNode[],
  dragId: MemoSectionId,
  dropId: MemoSectionId,
  position: RelativeDropPosition,
): boolean {
  if (!isSectionDraggable(dragId)) return false;
  const dragged = locate(tree, dragId);
  const target = locate(tree, dropId);
  if (!dragged || !target) return false;
  if (position === 0) return dragged.parentId === dropId;
  return dragged.parentId === target.parentId;
}

function withSiblings(
  tree: readonly MemoOrderingNode[],
  parentId: MemoSectionId | null,
  siblings: MemoOrderingNode[],
): MemoOrderingNode[] {
  if (parentId === null) return siblings;
  // Sub-sections are leaves (the shape never changes), so only their ids carry over.
  const leaves = siblings.map(({ id }) => ({ id }));
  return tree.map((node) => (node.id === parentId ? { ...node, children: leaves } : node));
}

/** The tree after a drop, or the same tree when the drop is not allowed. */
export function applyDrop(
  tree: MemoOrderingNode[],
  dragId: MemoSectionId,
  dropId: MemoSectionId,
  position: RelativeDropPosition,
): MemoOrderingNode[] {
  if (!isDropAllowed(tree, dragId, dropId, position) || dragId === dropId) return tree;
  const dragged = locate(tree, dragId);
  if (!dragged) return tree;
  const moving = dragged.siblings[dragged.index];
  if (!moving) return tree;
  const rest = dragged.siblings.filter((node) => node.id !== dragId);
  const insertAt = position === 0 ? 0 : rest.findIndex((node) => node.id === dropId) + (position === 1 ? 1 : 0);
  const reordered = [...rest.slice(0, insertAt), moving, ...rest.slice(insertAt)];
  return withSiblings(tree, dragged.parentId, reordered);
}

/** The keyboard alternative to dragging: one step up (-1) or down (1) among the siblings. */
export function moveSection(tree: MemoOrderingNode[], id: MemoSectionId, step: -1 | 1): MemoOrderingNode[] {
  if (!isSectionDraggable(id)) return tree;
  const found = locate(tree, id);
  if (!found) return tree;
  const target = found.index + step;
  if (target < 0 || target >= found.siblings.length) return tree;
  const reordered = [...found.siblings];
  const [moving] = reordered.splice(found.index, 1);
  if (!moving) return tree;
  reordered.splice(target, 0, moving);
  return withSiblings(tree, found.parentId, reordered);
}

/** 1-based place of a section among its siblings, and how many siblings there are. */
export function getSectionPlace(
  tree: readonly MemoOrderingNode[],
  id: MemoSectionId,
): { position: number; count: number } | null {
  const found = locate(tree, id);
  return found ? { position: found.index + 1, count: found.siblings.length } : null;
}
