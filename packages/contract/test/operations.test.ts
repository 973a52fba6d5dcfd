import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_BASE_PATH, operations, pathTo, routeUrl } from "../src/operations.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const thisTable = path.join(repoRoot, "packages/contract/src/operations.ts");

/** Every product source file of the apps and packages: not tests, not build output. */
function listSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "dist" ? [] : listSources(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A quoted path under the API, `"/api/…"`, in code (comments may name routes). */
const API_PATH_LITERAL = /["'`]\/api(?:\/|["'`])/;
const isComment = (line: string) => /^\s*(\/\/|\*|\/\*)/.test(line);

describe("the operations table", () => {
  it("names each method and path once", () => {
    const routes = Object.values(operations).map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes.length).toBeGreaterThan(50);
  });

  it("fills a path's parameters, encoded, and refuses to send one without them", () => {
    expect(pathTo(operations.getUserDetails)).toBe("/user-details");
    expect(pathTo(operations.revokeSession, { id: "a b/c" })).toBe("/sessions/a%20b%2Fc");
    expect(() => pathTo(operations.revokeSession)).toThrow('DELETE /sessions/:id needs the parameter "id"');
    expect(routeUrl(operations.revokeSession)).toBe(`${API_BASE_PATH}/sessions/:id`);
  });

  it("is the only place in the apps and packages that spells an /api path", () => {
    const sources = ["apps", "packages"].flatMap((folder) =>
      readdirSync(path.join(repoRoot, folder)).flatMap((name) => {
        const source = path.join(repoRoot, folder, name, "src");
        try {
          return listSources(source);
        } catch {
          return [];
        }
      }),
    );
    // Not a vacuous pass: the portal's API calls and the server's routes were read.
    expect(sources).toContain(path.join(repoRoot, "apps/web/src/lib/api-client.ts"));
    expect(sources).toContain(path.join(repoRoot, "apps/server/src/modules/auth/routes.ts"));
    const offenders = sources
      .filter((file) => file !== thisTable)
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, index) =>
            !isComment(line) && API_PATH_LITERAL.test(line) ? [`${path.relative(repoRoot, file)}:${index + 1}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });
});
