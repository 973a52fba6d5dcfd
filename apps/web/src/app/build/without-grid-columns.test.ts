import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { Form, Input } from "antd";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutGridColumns } from "./without-grid-columns";

/** The styles antd writes for a form field (its Form.Item draws antd's Row and Col), with or without the transformer. */
function stylesOfAFormField(transformers: (typeof withoutGridColumns)[]): string {
  const cache = createCache();
  renderToString(
    createElement(
      StyleProvider,
      { cache, transformers },
      createElement(
        Form,
        { layout: "vertical" },
        createElement(Form.Item, { label: "Email", name: "email" }, createElement(Input)),
      ),
    ),
  );
  return extractStyle(cache, true);
}

describe("antd's styles without the grid's column classes", () => {
  it("leaves out every column class and the media queries that held only them", () => {
    const untouched = stylesOfAFormField([]);
    const styles = stylesOfAFormField([withoutGridColumns]);

    // Without the transformer, antd writes them (so this test can fail).
    expect(untouched).toMatch(/\.ant-col-12\{/);
    expect(untouched).toMatch(/@media \(min-width: ?576px\)\{[^}]*\.ant-col-sm-/);

    // A rule of its own for a column class (the form's own rules name `.ant-col-24.ant-form-item-label`, and stay).
    expect(styles).not.toMatch(
      /\.ant-col-(?:(?:xs|sm|md|lg|xl|xxl|xxxl)-)?(?:\d+|(?:push|pull|offset|order)-\d+|flex)\{/,
    );
    expect(styles).not.toMatch(/@media \(min-width: ?576px\)\{\}/);
    expect(styles.length).toBeLessThan(untouched.length - 50_000);
  });

  it("keeps the rules a form's page uses: the row, the column, the form and the input", () => {
    const styles = stylesOfAFormField([withoutGridColumns]);
    expect(styles).toMatch(/\.ant-row\{/);
    expect(styles).toMatch(/\.ant-col\{/);
    expect(styles).toMatch(/\.ant-form-item-label/);
    expect(styles).toMatch(/\.ant-input\{/);
  });

  it("passes a style object without column classes through as it is", () => {
    const style = { ".ant-btn": { color: "red" }, "@media (min-width: 576px)": { ".ant-btn": { padding: 0 } } };
    expect(withoutGridColumns.visit?.(style)).toBe(style);
  });
});
