/*
 * Build time only. antd's Form.Item label imports Tooltip for its `tooltip` prop, so every page with a
 * form loaded Tooltip and its popup machinery first: 6 kB gzip of /login, for a prop we do not use.
 * This points that one import at a wrapper that loads the same Tooltip on first use
 * (components/deferred-tooltip.tsx). Nothing else changes: other components still import Tooltip
 * directly, and a Form.Item with a `tooltip` still shows it.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** antd's module and the import in it that this plugin redirects (its unit test checks both still exist). */
export const FORM_ITEM_LABEL_MODULE = /[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/;
export const TOOLTIP_IMPORT = "../tooltip";
const deferredTooltip = fileURLToPath(new URL("../../components/deferred-tooltip.tsx", import.meta.url));

export function formLabelTooltipPlugin(): Plugin {
  return {
    name: "precis:form-label-tooltip",
    apply: "build",
    // Before Vite's own resolver, which would resolve the import to antd's Tooltip.
    enforce: "pre",
    resolveId(source, importer) {
      return source === TOOLTIP_IMPORT && importer && FORM_ITEM_LABEL_MODULE.test(importer) ? deferredTooltip : null;
    },
  };
}
