import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { colors, theme } from "./theme";

const webSource = path.join(import.meta.dirname, "..");

/** Every stylesheet of the web app, by its path from src/. */
function stylesheets(directory = webSource): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith(".css") ? [full] : [];
  });
}

describe("the success green", () => {
  it("is one token: antd's success icons, the CSS variable and every page's icon share it (issue 58)", () => {
    expect(theme.components?.Alert?.colorSuccess).toBe(colors.success);
    expect(theme.components?.Result?.colorSuccess).toBe(colors.success);
    const globalCss = readFileSync(path.join(webSource, "app/global.css"), "utf8");
    expect(globalCss).toContain(`--precis-success: ${colors.success};`);
    // No stylesheet names a green of its own: antd's #52c41a (the verification page's icon) or ours by value.
    const greens = /#(52c41a|389e0d|237804|73d13d)\b/gi;
    const named = stylesheets().flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(greens)].map((match) => `${path.relative(webSource, file)}: ${match[0]}`),
    );
    expect(named).toEqual(["app/global.css: #237804"]);
  });
});
