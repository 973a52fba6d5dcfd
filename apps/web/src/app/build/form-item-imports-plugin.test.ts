import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FORM_ITEM_IMPORT_REDIRECTS, formItemImportsPlugin } from "./form-item-imports-plugin.ts";

const antdRoot = path.dirname(createRequire(import.meta.url).resolve("antd/package.json"));
const formItemLabel = path.join(antdRoot, "es/form/FormItemLabel.js");
const formItemInput = path.join(antdRoot, "es/form/FormItemInput.js");
const itemHolder = path.join(antdRoot, "es/form/FormItem/ItemHolder.js");

function resolve(source: string, importer: string | undefined) {
  const hook = formItemImportsPlugin().resolveId;
  if (typeof hook !== "function") throw new Error("the plugin has no resolveId hook");
  return hook.call({} as never, source, importer, { isEntry: false } as never);
}

describe("formItemImportsPlugin", () => {
  it("gives Form.Item's label the deferred Tooltip", () => {
    expect(resolve("../tooltip", formItemLabel)).toMatch(/[\\/]components[\\/]deferred-tooltip\.tsx$/);
  });

  it("gives Form.Item's label and control the form's own column", () => {
    expect(resolve("../grid/col", formItemLabel)).toMatch(/[\\/]components[\\/]form-item-col\.tsx$/);
    expect(resolve("../grid/col", formItemInput)).toMatch(/[\\/]components[\\/]form-item-col\.tsx$/);
  });

  it("gives Form.Item's row the form's own row", () => {
    expect(resolve("../../grid", itemHolder)).toMatch(/[\\/]components[\\/]form-item-row\.tsx$/);
  });

  it("leaves every other import of Tooltip, Col and Row to antd", () => {
    expect(resolve("../tooltip", path.join(antdRoot, "es/typography/Base/index.js"))).toBeNull();
    expect(resolve("../tooltip", formItemInput)).toBeNull();
    expect(resolve("../grid", path.join(antdRoot, "es/list/Item.js"))).toBeNull();
    expect(resolve("../grid/col", path.join(antdRoot, "es/descriptions/Row.js"))).toBeNull();
    expect(resolve("antd/es/tooltip", formItemLabel)).toBeNull();
    expect(resolve("../../grid", formItemLabel)).toBeNull();
    expect(resolve("../../grid", path.join(antdRoot, "es/descriptions/Item.js"))).toBeNull();
    expect(resolve("../tooltip", undefined)).toBeNull();
  });

  it("still matches antd's code: an upgrade that moves an import would quietly undo it", () => {
    const modules = [formItemLabel, formItemInput, itemHolder];
    for (const redirect of FORM_ITEM_IMPORT_REDIRECTS) {
      const importers = modules.filter((module) => redirect.importer.test(module));
      expect(importers.length).toBeGreaterThan(0);
      for (const module of importers) {
        expect(readFileSync(module, "utf8")).toMatch(
          new RegExp(`^import (\\w+|\\{ Row \\}) from '${redirect.source.replaceAll(".", "\\.")}';$`, "m"),
        );
      }
    }
  });
});
