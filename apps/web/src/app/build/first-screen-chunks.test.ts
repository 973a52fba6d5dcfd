import { describe, expect, it } from "vitest";
import { firstScreenGroups, type SplitChunk } from "./first-screen-chunks.ts";

/** A chunk of the automatic split; `facade` is the lazy module it stands for, if any. */
function chunk(fileName: string, moduleIds: string[], imports: string[] = [], facade?: string): SplitChunk {
  return { fileName, moduleIds, imports, facadeModuleId: facade ?? null, isEntry: fileName === "index.js" };
}

// The entry, two lazy pages and a lazy widget, as the automatic split cuts them: one chunk per set of
// lazy modules sharing code, however small.
const split = [
  chunk("index.js", ["/main.tsx", "/app.tsx"], ["framework.js"], "/main.tsx"),
  chunk("framework.js", ["/react.js"]),
  chunk("login.js", ["/login.tsx", "/login-form.tsx"], ["form.js", "button.js", "index.js"], "/login.tsx"),
  chunk("docs.js", ["/docs.tsx"], ["markdown.js", "button.js", "index.js"], "/docs.tsx"),
  chunk("form.js", ["/form.js", "/input.js"], ["button.js"]),
  chunk("button.js", ["/button.js"]),
  chunk("markdown.js", ["/markdown.js"]),
  chunk("tooltip.js", ["/tooltip.js", "/trigger.js"], ["button.js"], "/tooltip.js"),
];
const groups = firstScreenGroups(split, { login: ["/login.tsx"], docs: ["/docs.tsx"] });
const captured = (id: string) => groups.filter((group) => typeof group.test === "function" && group.test(id));
const nameOf = (id: string) => captured(id).map((group) => group.name);

describe("firstScreenGroups", () => {
  it("merges the chunks that the same screens load", () => {
    expect(nameOf("/form.js")).toEqual(["first-login"]);
    expect(nameOf("/input.js")).toEqual(["first-login"]);
    expect(nameOf("/login-form.tsx")).toEqual(["first-login"]);
    expect(nameOf("/markdown.js")).toEqual(["first-docs"]);
    expect(nameOf("/button.js")).toEqual(["first-docs-login"]);
  });

  it("keeps each lazy module in a chunk of its own, the one import() names", () => {
    expect(nameOf("/login.tsx")).toEqual([]);
    expect(nameOf("/docs.tsx")).toEqual([]);
  });

  it("leaves alone what the entry loads and what no first screen loads", () => {
    for (const id of ["/main.tsx", "/app.tsx", "/react.js", "/tooltip.js", "/trigger.js"])
      expect(nameOf(id)).toEqual([]);
  });

  it("puts the groups of more screens first, so that shared dependencies land in them", () => {
    const priorityOf = (name: string) => groups.find((group) => group.name === name)?.priority;
    expect(priorityOf("first-docs-login")).toBe(2);
    expect(priorityOf("first-login")).toBe(1);
    expect(priorityOf("first-docs")).toBe(1);
    expect(groups).toHaveLength(3);
  });

  it("fails the build when a screen's module has no chunk", () => {
    expect(() => firstScreenGroups(split, { profile: ["/profile.tsx"] })).toThrow(/no chunk for \/profile\.tsx/);
  });
});
