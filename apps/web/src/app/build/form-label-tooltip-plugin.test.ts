import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FORM_ITEM_LABEL_MODULE, formLabelTooltipPlugin, TOOLTIP_IMPORT } from "./form-label-tooltip-plugin.ts";

const antdRoot = path.dirname(createRequire(import.meta.url).resolve("antd/package.json"));
const formItemLabel = path.join(antdRoot, "es/form/FormItemLabel.js");

function resolve(source: string, importer: string | undefined) {
  const hook = formLabelTooltipPlugin().resolveId;
  if (typeof hook !== "function") throw new Error("the plugin has no resolveId hook");
  return hook.call({} as never, source, importer, { isEntry: false } as never);
}

describe("formLabelTooltipPlugin", () => {
  it("gives Form.Item's label the deferred Tooltip", () => {
    expect(resolve(TOOLTIP_IMPORT, formItemLabel)).toMatch(/[\\/]components[\\/]deferred-tooltip\.tsx$/);
  });

  it("leaves every other import of Tooltip to antd", () => {
    expect(resolve(TOOLTIP_IMPORT, path.join(antdRoot, "es/typography/Base/index.js"))).toBeNull();
    expect(resolve("antd/es/tooltip", formItemLabel)).toBeNull();
    expect(resolve(TOOLTIP_IMPORT, undefined)).toBeNull();
  });

  it("still matches antd's code: an upgrade that moves the import would quietly undo it", () => {
    expect(FORM_ITEM_LABEL_MODULE.test(formItemLabel)).toBe(true);
    expect(readFileSync(formItemLabel, "utf8")).toContain(`import Tooltip from '${TOOLTIP_IMPORT}';`);
  });
});
