/*
 * Build time only. antd's Form.Item brings three costs to every page with a form, for props we do not use
 * (decisions 015 and 019). This points each of those imports, in that one antd module, at a wrapper that
 * behaves the same whenever the prop is used:
 * - The label imports Tooltip for its `tooltip` prop: 6 kB gzip of /login with its popup machinery.
 *   components/deferred-tooltip.tsx loads the same Tooltip on first use.
 * - Label and control are antd's grid columns, for `labelCol`/`wrapperCol`. A rendered Col registers the
 *   whole 24-column grid's styles, every breakpoint's: 87 kB of CSS inlined in each prerendered form page
 *   and generated again in the browser, for columns that set no span. components/form-item-col.tsx is
 *   the same column without them, and antd's Col as soon as a span, offset or breakpoint is set.
 * - The field's row is antd's Row, which watches the screen's breakpoints (for a responsive gutter) and
 *   re-renders each field synchronously once mounted. components/form-item-row.tsx is the same row
 *   without that, and antd's Row as soon as a gutter, justify, align or wrap is set.
 * Nothing else changes: other components still import Tooltip, Col and Row directly.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const componentsDir = new URL("../../components/", import.meta.url);

/** The antd imports redirected, by importing module (their unit test checks each still exists). */
export const FORM_ITEM_IMPORT_REDIRECTS = [
  {
    importer: /[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/,
    source: "../tooltip",
    target: fileURLToPath(new URL("deferred-tooltip.tsx", componentsDir)),
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]form[\\/]FormItem(Label|Input)\.js$/,
    source: "../grid/col",
    target: fileURLToPath(new URL("form-item-col.tsx", componentsDir)),
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]form[\\/]FormItem[\\/]ItemHolder\.js$/,
    source: "../../grid",
    target: fileURLToPath(new URL("form-item-row.tsx", componentsDir)),
  },
] as const;

export function formItemImportsPlugin(): Plugin {
  return {
    name: "precis:form-item-imports",
    apply: "build",
    // Before Vite's own resolver, which would resolve the imports to antd's modules.
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer) return null;
      const redirect = FORM_ITEM_IMPORT_REDIRECTS.find(
        (candidate) => candidate.source === source && candidate.importer.test(importer),
      );
      return redirect?.target ?? null;
    },
  };
}
