import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type IViolation } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { afterAll, describe, expect, it } from "vitest";

// The boundaries `npm run lint` enforces (.dependency-cruiser.cjs, decision 034), run through dependency-cruiser's
// API with the project's own rules: over a small tree that breaks each of them, and over the real one.

const repoRoot = path.resolve(import.meta.dirname, "../../..");

async function findViolations(baseDir: string) {
  const options = await extractDepcruiseOptions(path.join(repoRoot, ".dependency-cruiser.cjs"));
  const result = await cruise(["apps", "packages"], {
    ...options,
    baseDir,
    tsConfig: { fileName: path.join(repoRoot, "apps/web/tsconfig.json") },
  });
  if (typeof result.output === "string") throw new Error("dependency-cruiser answered a report, not a result");
  return { modules: result.output.modules, violations: result.output.summary.violations };
}

const describeViolation = (violation: IViolation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`;

const fixtureRoot = mkdtempSync(path.join(tmpdir(), "precis-boundaries-"));
afterAll(() => rmSync(fixtureRoot, { recursive: true, force: true }));

/** Writes a source file that imports each of `imports` (paths relative to it). */
function writeSource(file: string, imports: string[] = []) {
  const target = path.join(fixtureRoot, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, `${imports.map((from, index) => `import * as m${index} from "${from}";`).join("\n")}\n`);
}

describe("the import boundaries", () => {
  it("report a circle, a web feature importing another, and every forbidden server import, and pass a declared edge", async () => {
    writeSource("packages/kit/src/a.ts", ["./b.ts"]);
    writeSource("packages/kit/src/b.ts", ["./a.ts"]);
    writeSource("packages/kit/src/reaches-app.ts", ["../../../apps/server/src/lib/clock.ts"]);
    writeSource("apps/web/src/features/one/x.ts", ["../two/y.ts"]);
    writeSource("apps/web/src/features/two/y.ts");
    writeSource("apps/server/src/lib/clock.ts");
    writeSource("apps/server/src/lib/reaches-module.ts", ["../modules/audit/service.ts"]);
    writeSource("apps/server/src/modules/audit/service.ts");
    writeSource("apps/server/src/modules/mail/outbox.ts", ["../sessions/service.ts"]);
    writeSource("apps/server/src/modules/sessions/service.ts", ["../audit/service.ts"]);
    writeSource("apps/server/src/modules/auth/service.ts", ["../sessions/service.ts"]);
    writeSource("apps/server/src/modules/billing/service.ts", ["../auth/service.ts"]);
    writeSource("apps/server/src/modules/sso/service.ts", ["../auth/service.ts"]);
    writeSource("apps/server/src/modules/profile/routes.ts", ["../../plugins/web-app.ts"]);
    writeSource("apps/server/src/plugins/web-app.ts", ["../../../web/src/app/route-table.ts"]);
    writeSource("apps/web/src/app/route-table.ts");

    const { violations } = await findViolations(fixtureRoot);

    expect(violations.map(describeViolation).sort()).toEqual([
      "no-app-to-other-app: apps/server/src/plugins/web-app.ts -> apps/web/src/app/route-table.ts",
      "no-circular: packages/kit/src/a.ts -> packages/kit/src/b.ts",
      "no-package-to-app: packages/kit/src/reaches-app.ts -> apps/server/src/lib/clock.ts",
      "no-web-feature-to-feature: apps/web/src/features/one/x.ts -> apps/web/src/features/two/y.ts",
      "server-base-mail: apps/server/src/modules/mail/outbox.ts -> apps/server/src/modules/sessions/service.ts",
      "server-core-below-modules: apps/server/src/lib/reaches-module.ts -> apps/server/src/modules/audit/service.ts",
      "server-feature-billing: apps/server/src/modules/billing/service.ts -> apps/server/src/modules/auth/service.ts",
      "server-modules-below-plugins: apps/server/src/modules/profile/routes.ts -> apps/server/src/plugins/web-app.ts",
    ]);
  });

  it("hold in the real tree", async () => {
    const { modules, violations } = await findViolations(repoRoot);

    // Not a vacuous pass: the cruise read all three apps and resolved the packages and the web app's "@/" paths.
    const sources = new Set(modules.map((module) => module.source));
    for (const source of ["apps/server/src/app.ts", "apps/web/src/main.tsx", "apps/extension/src/popup.ts"])
      expect(sources).toContain(source);
    expect(violations.map(describeViolation)).toEqual([]);
  });
});
