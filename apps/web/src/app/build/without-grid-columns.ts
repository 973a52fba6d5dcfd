import type { CSSObject, Transformer } from "@ant-design/cssinjs";

/**
 * antd's column classes: `.ant-col-12`, `.ant-col-md-push-3`, `.ant-col-xl-flex`… 25 widths and their push,
 * pull, offset and order, for seven screen sizes. Form.Item lays its label and field out in antd's `Row` and
 * `Col`, so the grid's styles come with every form, but the app gives them no span (labels sit above their
 * fields) and renders no `Row` or `Col` of its own (biome.json forbids importing them): only `.ant-col` and
 * `.ant-row` are ever on a page.
 */
const GRID_COLUMN_CLASS = /^\.ant-col(?:-(?:xs|sm|md|lg|xl|xxl|xxxl))?-(?:\d+|(?:push|pull|offset|order)-\d+|flex)$/;

const isGridColumnsOnly = (style: unknown) =>
  typeof style === "object" && style !== null && Object.keys(style).every((key) => GRID_COLUMN_CLASS.test(key));

/**
 * Leaves those column classes out of antd's styles, where they are made: in the prerendered pages' HTML
 * (server-render.tsx) and in the stylesheet built for the browser (antd-stylesheet-plugin.ts). They were 87 kB of
 * each: a third of the login page's HTML, and a seventh of the stylesheet every page parses before it hydrates.
 * The media queries that held only them go too. antd's public hook for rewriting its styles (`StyleProvider`'s
 * `transformers`); antd itself has no option for the grid's columns.
 */
export const withoutGridColumns: Transformer = {
  visit(style) {
    const keys = Object.keys(style);
    const unused = (key: string) =>
      GRID_COLUMN_CLASS.test(key) || (key.startsWith("@media") && isGridColumnsOnly(style[key]));
    if (!keys.some(unused)) return style;
    return Object.fromEntries(keys.filter((key) => !unused(key)).map((key) => [key, style[key]])) as CSSObject;
  },
};
