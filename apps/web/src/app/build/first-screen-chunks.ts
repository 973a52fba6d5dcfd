/*
 * Build time only. The chunks of the pages a first visit lands on, merged into a few (decision 020).
 *
 * Rolldown's automatic split makes one chunk for each set of lazy modules that share code. With some
 * fifty lazy modules (pages, the shell, the documentation's texts, components loaded on first use),
 * /login loaded 47 scripts, some of them 100 bytes long. Each one costs the browser a request, a
 * compilation and an evaluation task, and Lighthouse's simulated phone counts that main-thread work four
 * times over: merging them cut /login's total blocking time by about 40 %.
 *
 * A group for a whole page would hand its code to every other page that shares a module with it. So
 * the merge starts from the automatic split of a first build (`automaticSplit`) and puts together
 * the chunks that the same first screens load (`firstScreenGroups`): each screen still loads exactly
 * the code it loaded before, in a few files instead of dozens.
 */
import path from "node:path";
import type { Rolldown } from "vite";
import { build } from "vite";
import { firstScreens, type Page, routeTable } from "../route-table.ts";

/** Set while the first build runs: vite.config.ts then leaves its chunks to the automatic split. */
export const AUTOMATIC_SPLIT_PASS = "PRECIS_AUTOMATIC_SPLIT_PASS";

/** The chunks of the browser build as the automatic split makes them, computed in memory. */
export async function automaticSplit(root: string): Promise<Rolldown.OutputChunk[]> {
  process.env[AUTOMATIC_SPLIT_PASS] = "1";
  try {
    const result = await build({ root, logLevel: "silent", build: { write: false, emptyOutDir: false } });
    const outputs = Array.isArray(result) ? result : [result];
    return outputs.flatMap((output) =>
      "output" in output ? output.output.filter((item): item is Rolldown.OutputChunk => item.type === "chunk") : [],
    );
  } finally {
    delete process.env[AUTOMATIC_SPLIT_PASS];
  }
}

/** The route table's first screens (its pages marked `firstScreen`), each with the lazy modules it loads first, as absolute ids. */
export function firstScreenModules(root: string, pages: readonly Page[] = routeTable): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(firstScreens(pages)).map(([name, modules]) => [
      name,
      modules.map((module) => path.join(root, module)),
    ]),
  );
}

/** The part of a chunk this module reads. */
export type SplitChunk = Pick<
  Rolldown.OutputChunk,
  "fileName" | "imports" | "moduleIds" | "facadeModuleId" | "isEntry"
>;

/**
 * Groups that merge the chunks each first screen loads, beyond what the entry loads.
 *
 * @param screens each screen's name and the lazy modules (absolute ids) it loads first
 * @returns one group per set of screens that load the same chunks, named after them (`first-login-register`)
 */
export function firstScreenGroups(
  chunks: SplitChunk[],
  screens: Record<string, string[]>,
): Rolldown.CodeSplittingGroup[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const staticClosure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      if (seen.has(fileName) || !byFile.has(fileName)) return;
      seen.add(fileName);
      for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
    };
    for (const root of roots) visit(root);
    return seen;
  };
  const loadedByEntry = staticClosure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  // A lazy module keeps a chunk of its own (its facade): the manifest, the server's preload hints and
  // the router's import() all name it. Its dependencies are what gets merged.
  const facades = new Set(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [chunk.facadeModuleId] : [])));

  const screensOfChunk = new Map<string, string[]>();
  for (const [screen, modules] of Object.entries(screens)) {
    const roots = modules.map((module) => {
      const chunk = chunks.find((candidate) => candidate.facadeModuleId === module);
      if (!chunk) throw new Error(`first-screen chunks: no chunk for ${module}`);
      return chunk.fileName;
    });
    for (const fileName of staticClosure(roots)) {
      if (loadedByEntry.has(fileName)) continue;
      screensOfChunk.set(fileName, [...(screensOfChunk.get(fileName) ?? []), screen]);
    }
  }

  const groups = new Map<string, { screenCount: number; modules: Set<string> }>();
  for (const [fileName, screenNames] of screensOfChunk) {
    const name = `first-${[...screenNames].sort().join("-")}`;
    const group = groups.get(name) ?? { screenCount: screenNames.length, modules: new Set<string>() };
    for (const id of byFile.get(fileName)?.moduleIds ?? []) if (!facades.has(id)) group.modules.add(id);
    groups.set(name, group);
  }
  return [...groups].map(([name, { screenCount, modules }]) => ({
    name,
    test: (id: string) => modules.has(id),
    // A group takes the modules its own modules import, unless a group of higher priority took them
    // first. A module's dependencies are loaded by every screen that loads it, and maybe by more: the
    // groups of more screens go first, so that each dependency lands in the group of its own screens.
    priority: screenCount,
  }));
}
