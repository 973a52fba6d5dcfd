/*
 * Build time only. In the browser, antd runs in its zero-runtime mode (app/providers.tsx): its components
 * no longer serialize, hash and insert their styles as they first render, which was the largest part of a
 * page's main-thread work after evaluating the code (decision 033). Their styles come from this
 * stylesheet instead, made here with the app's theme by rendering each component antd's own extractor
 * knows, and emitted as a hashed asset that `virtual:antd-stylesheet` gives the URL of.
 *
 * The list is ours: the whole of antd is 1 MB of CSS. The build fails if the app uses a component whose
 * styles are not in the list, so no component can render unstyled.
 */
import type { Plugin } from "vite";

/**
 * antd's components the app renders, as antd exports them, and those they can render inside: Dropdown's
 * Menu, Drawer's Skeleton (while loading), Avatar.Group's Popover, Form.Item's Row and Col. Input brings its
 * Group, Search, TextArea, Password and OTP; Space its Compact.
 */
export const ANTD_STYLED_COMPONENTS = [
  "Alert",
  "Avatar",
  "Badge",
  "Button",
  "Checkbox",
  "Col",
  "Divider",
  "Drawer",
  "Dropdown",
  "Empty",
  "Flex",
  "Form",
  "Input",
  "Layout",
  "Menu",
  "Modal",
  "Popconfirm",
  "Popover",
  "Progress",
  "QRCode",
  "Radio",
  "Result",
  "Row",
  "Select",
  "Skeleton",
  "Space",
  "Spin",
  "Switch",
  "Tabs",
  "Tag",
  "Tooltip",
  "Tree",
  "Typography",
] as const;

/** antd's shared styles (motion, resets), which every component's own styles bring. */
const STYLES_COVERED_ELSEWHERE = new Set(["style"]);

const VIRTUAL_ID = "virtual:antd-stylesheet";
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;
const ANTD_STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/]([a-z-]+)[\\/]style[\\/]/;

/** antd's exports whose names are not their folders' in PascalCase; the grid's folder styles Row and Col. */
const EXPORT_NAMES: Record<string, string> = { "qr-code": "QRCode", grid: "Row" };

const pascalCase = (folder: string) =>
  EXPORT_NAMES[folder] ?? folder.replace(/(^|-)([a-z])/g, (_, _dash, letter: string) => letter.toUpperCase());

/** The antd components whose style modules are in the build but not in the stylesheet. */
export function componentsMissingFromStylesheet(
  moduleIds: Iterable<string>,
  components: readonly string[] = ANTD_STYLED_COMPONENTS,
): string[] {
  const listed = new Set<string>(components);
  const missing = new Set<string>();
  for (const id of moduleIds) {
    const folder = ANTD_STYLE_MODULE.exec(id)?.[1];
    if (folder && !STYLES_COVERED_ELSEWHERE.has(folder) && !listed.has(pascalCase(folder)))
      missing.add(pascalCase(folder));
  }
  return [...missing].sort();
}

/**
 * Renders the listed components with the app's theme and returns their CSS. antd scopes its rules by a
 * hash whose prefix depends on NODE_ENV (`css-dev-only-do-not-override-…` outside production); Vite sets
 * the build's NODE_ENV in this process and defines the same value in the browser's bundle, so the names
 * match the ones the components write.
 */
async function renderAntdStylesheet(): Promise<string> {
  const [
    { extractStyle },
    { StyleProvider },
    { createElement },
    { ConfigProvider },
    { theme },
    { withoutGridColumns },
  ] = await Promise.all([
    import("@ant-design/static-style-extract"),
    import("@ant-design/cssinjs"),
    import("react"),
    import("antd"),
    import("../theme.ts"),
    import("./without-grid-columns.ts"),
  ]);
  return extractStyle({
    includes: [...ANTD_STYLED_COMPONENTS],
    // Inside the extractor's own StyleProvider, whose cache this one keeps.
    customTheme: (node) =>
      createElement(
        StyleProvider,
        { transformers: [withoutGridColumns] },
        createElement(ConfigProvider, { theme }, node),
      ),
  });
}

export function antdStylesheetPlugin(): Plugin {
  let emitsStylesheet = false;
  return {
    name: "precis:antd-stylesheet",
    configResolved(config) {
      // The development server and the prerender keep antd's run-time styles (see app/providers.tsx).
      emitsStylesheet = config.command === "build" && !config.build.ssr;
    },
    resolveId(source) {
      return source === VIRTUAL_ID ? RESOLVED_VIRTUAL_ID : null;
    },
    async load(id) {
      if (id !== RESOLVED_VIRTUAL_ID) return null;
      if (!emitsStylesheet) return "export default null;";
      const reference = this.emitFile({ type: "asset", name: "antd.css", source: await renderAntdStylesheet() });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
    generateBundle(_options, bundle) {
      if (!emitsStylesheet) return;
      // The modules whose code the chunks kept: antd's index names every component, tree-shaken or not.
      const renderedModules = Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? Object.entries(output.modules)
              .filter(([, module]) => module.renderedLength > 0)
              .map(([id]) => id)
          : [],
      );
      const missing = componentsMissingFromStylesheet(renderedModules);
      if (missing.length > 0) {
        this.error(
          `antd components without styles in the browser: ${missing.join(", ")}. Add them to ANTD_STYLED_COMPONENTS in app/build/antd-stylesheet-plugin.ts.`,
        );
      }
    },
  };
}
