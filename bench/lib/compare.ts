import type { LoadFigures } from "./load.ts";
import { median } from "./load.ts";

export interface Figures {
  rps: number;
  p50Ms?: number;
  p99Ms?: number;
  errors?: number;
}

export interface Comparison {
  name: string;
  target: string;
  baseline: string;
  goal: string;
  rounds: { target: Figures; baseline: Figures }[];
  targetRps: number;
  baselineRps: number;
  ratio: number;
  p50Ms?: number;
  baselineP50Ms?: number;
  p99Ms?: number;
  baselineP99Ms?: number;
  p99Ratio?: number;
  errors: number;
  holds: boolean | null;
}

export const toFigures = (load: LoadFigures): Figures => ({
  rps: load.rps,
  p99Ms: load.p99Ms,
  errors: load.errors + load.timeouts + load.non2xx,
});

/**
 * Baseline, then target, `rounds` times over: drifts in the machine's load hit both alike. A first, unrecorded
 * round warms both up (JIT, connection pools, caches), as a server that has been running a while would be.
 */
export async function alternate(
  rounds: number,
  measureBaseline: () => Promise<Figures>,
  measureTarget: () => Promise<Figures>,
) {
  const measured = await alternateMany(rounds, [measureBaseline, measureTarget]);
  return measured.map(([baseline, target]) => ({ baseline: baseline as Figures, target: target as Figures }));
}

/** The same, for several measures taken in turn each round (say two baselines and their target): one row per round. */
export async function alternateMany<T>(rounds: number, measures: (() => Promise<T>)[]) {
  for (const measure of measures) await measure();
  const measured: T[][] = [];
  for (let round = 0; round < rounds; round += 1) {
    const row: T[] = [];
    for (const measure of measures) row.push(await measure());
    measured.push(row);
  }
  return measured;
}

const medianOf = (rounds: Comparison["rounds"], read: (round: Comparison["rounds"][number]) => number | undefined) => {
  const values = rounds.map(read);
  return values.every((value) => value !== undefined) ? median(values as number[]) : undefined;
};

export function summarize(
  fields: Pick<Comparison, "name" | "target" | "baseline" | "goal">,
  rounds: Comparison["rounds"],
  verdict: (comparison: Omit<Comparison, "holds">) => boolean | null,
): Comparison {
  const targetRps = median(rounds.map((round) => round.target.rps));
  const baselineRps = median(rounds.map((round) => round.baseline.rps));
  const p99Ms = medianOf(rounds, (round) => round.target.p99Ms);
  const baselineP99Ms = medianOf(rounds, (round) => round.baseline.p99Ms);
  const partial = {
    ...fields,
    rounds,
    targetRps,
    baselineRps,
    ratio: targetRps / baselineRps,
    p50Ms: medianOf(rounds, (round) => round.target.p50Ms),
    baselineP50Ms: medianOf(rounds, (round) => round.baseline.p50Ms),
    p99Ms: baselineP99Ms === undefined ? undefined : p99Ms,
    baselineP99Ms: p99Ms === undefined ? undefined : baselineP99Ms,
    p99Ratio: p99Ms !== undefined && baselineP99Ms ? p99Ms / baselineP99Ms : undefined,
    errors: rounds.reduce((sum, round) => sum + (round.target.errors ?? 0), 0),
  };
  const comparison = { ...partial, holds: verdict(partial) };
  const shown = `${comparison.ratio.toFixed(2)}×${comparison.p99Ratio ? `, p99 ${comparison.p99Ratio.toFixed(2)}×` : ""}`;
  console.log(
    `  ${comparison.holds === null ? "·" : comparison.holds ? "✓" : "✗"} ${comparison.name}: ${shown} (errors ${comparison.errors})`,
  );
  return comparison;
}
