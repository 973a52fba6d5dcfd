import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from "@ant-design/icons";
import {
  type MemoOptionSet,
  type MemoOrderingNode,
  type MemoSectionId,
  memoSectionIds,
  visibilityFlagBySection,
} from "@precis/contract/memo-options";
import { Button, Tree, type TreeDataNode, type TreeProps } from "antd";
import { type KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  applyDrop,
  getSectionPlace,
  isDropAllowed,
  isSectionDraggable,
  moveSection,
  normalizeDrop,
  type RelativeDropPosition,
} from "../lib/memo-section-tree";

type MemoSectionTreeProps = {
  set: MemoOptionSet;
  onOrderingChange: (ordering: MemoOrderingNode[]) => void;
  onVisibilityChange: (visibleIds: MemoSectionId[]) => void;
};

const asSectionId = (key: React.Key) => String(key) as MemoSectionId;

/** The up and down buttons of a movable section, in the order they stand. */
const moveButtons = [
  { step: -1, direction: "up", Icon: ArrowUpOutlined, labelKey: "memo.sections.moveUp" },
  { step: 1, direction: "down", Icon: ArrowDownOutlined, labelKey: "memo.sections.moveDown" },
] as const;

/**
 * product §4 "Memo section tree": drag to reorder (only among siblings), tick to show or hide,
 * everything expanded. rc-tree itself expands a collapsed node hovered for 800 ms during a drag.
 * Each movable section also has up and down buttons, so the order can be changed without a
 * pointer (WCAG 2.1.1, 2.5.7); every move is announced in a live region.
 */
export function MemoSectionTree({ set, onOrderingChange, onVisibilityChange }: MemoSectionTreeProps) {
  const { t } = useTranslation("profile");
  const [announcement, setAnnouncement] = useState("");
  // Controlled, so that a drag does not collapse the dragged section (rc-tree does when uncontrolled);
  // rc-tree still reports its 800 ms hover expansion through onExpand.
  const [expandedKeys, setExpandedKeys] = useState<React.Key[]>(() =>
    set.memoOrdering.filter((node) => node.children?.length).map((node) => node.id),
  );
  const containerRef = useRef<HTMLDivElement>(null);
  const ordering = set.memoOrdering;
  const title = (id: MemoSectionId) => t(`memo.sections.titles.${id}`);

  const announceMove = (tree: MemoOrderingNode[], id: MemoSectionId) => {
    const place = getSectionPlace(tree, id);
    if (place) setAnnouncement(t("memo.sections.moved", { section: title(id), ...place }));
  };

  const moveWithButton = (id: MemoSectionId, step: -1 | 1) => {
    const moved = moveSection(ordering, id, step);
    if (moved === ordering) return;
    onOrderingChange(moved);
    announceMove(moved, id);
    // The node re-renders elsewhere: keep focus on its button, or on the other one at an end.
    requestAnimationFrame(() => {
      const place = getSectionPlace(moved, id);
      const atEnd = place && (step === -1 ? place.position === 1 : place.position === place.count);
      const direction = atEnd ? (step === -1 ? "down" : "up") : step === -1 ? "up" : "down";
      containerRef.current?.querySelector<HTMLButtonElement>(`[data-move="${id}-${direction}"]`)?.focus();
    });
  };

  // The buttons live inside the tree, whose own key handling (arrows, Enter, Space) must not see their keys.
  const keepKeysFromTree = (event: KeyboardEvent) => event.stopPropagation();

  const toNode = (node: MemoOrderingNode): TreeDataNode => {
    const place = getSectionPlace(ordering, node.id);
    const isMovable = isSectionDraggable(node.id);
    return {
      key: node.id,
      title: (
        <span className="memo-tree-title">
          <span className="memo-tree-name">{title(node.id)}</span>
          {isMovable && place && (
            // biome-ignore lint/a11y/noStaticElementInteractions: only stops the tree's key handling for the buttons inside
            <span className="memo-tree-moves" onKeyDown={keepKeysFromTree} onClick={(event) => event.stopPropagation()}>
              {moveButtons.map(({ step, direction, Icon, labelKey }) => (
                <Button
                  key={direction}
                  size="small"
                  type="text"
                  data-move={`${node.id}-${direction}`}
                  aria-label={t(labelKey, { section: title(node.id) })}
                  icon={<Icon aria-hidden="true" />}
                  disabled={place.position === (step === -1 ? 1 : place.count)}
                  onClick={() => moveWithButton(node.id, step)}
                />
              ))}
            </span>
          )}
        </span>
      ),
      children: node.children?.map(toNode),
    };
  };

  const allowDrop: TreeProps["allowDrop"] = ({ dragNode, dropNode, dropPosition }) => {
    const drop = normalizeDrop(ordering, asSectionId(dragNode.key), asSectionId(dropNode.key), dropPosition);
    return isDropAllowed(ordering, asSectionId(dragNode.key), drop.dropId, drop.position);
  };

  const onDrop: TreeProps["onDrop"] = (info) => {
    const dragId = asSectionId(info.dragNode.key);
    // rc-tree gives an absolute index; relative to the target node it is -1 (before) or 1 (after).
    const targetIndex = Number(info.node.pos.split("-").at(-1));
    const relative = (info.dropToGap ? Math.sign(info.dropPosition - targetIndex) || -1 : 0) as RelativeDropPosition;
    const drop = normalizeDrop(ordering, dragId, asSectionId(info.node.key), relative);
    const moved = applyDrop(ordering, dragId, drop.dropId, drop.position);
    if (moved === ordering) return;
    onOrderingChange(moved);
    announceMove(moved, dragId);
  };

  const checkedKeys = memoSectionIds.filter((id) => set[visibilityFlagBySection[id]]);

  return (
    <div className="memo-tree" ref={containerRef}>
      <p className="memo-tree-hint" id="memo-tree-hints">
        {t("memo.sections.dragHint")}
        <br />
        {t("memo.sections.checkHint")}
        <br />
        {t("memo.sections.keyboardHint")}
      </p>
      <Tree
        aria-label={t("memo.sections.treeLabel")}
        aria-describedby="memo-tree-hints"
        treeData={ordering.map(toNode)}
        checkable
        checkStrictly
        selectable={false}
        expandedKeys={expandedKeys}
        onExpand={setExpandedKeys}
        blockNode
        draggable={{
          icon: <HolderOutlined aria-hidden="true" />,
          nodeDraggable: (node) => isSectionDraggable(asSectionId(node.key)),
        }}
        allowDrop={allowDrop}
        onDrop={onDrop}
        checkedKeys={{ checked: checkedKeys, halfChecked: [] }}
        onCheck={(checked) => {
          const keys = Array.isArray(checked) ? checked : checked.checked;
          onVisibilityChange(keys.map(asSectionId));
        }}
      />
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}
