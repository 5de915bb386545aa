import { performance } from 'node:perf_hooks';

export interface BenchResult {
  name: string;
  iterations: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The budget the issue states, when there is one. */
  budgetMs?: number;
  withinBudget?: boolean;
  /** Resident memory the run measured, and the ceiling for it (withinBudget covers both). */
  rssMiB?: number;
  rssBudgetMiB?: number;
  note?: string;
}

/** Times `fn` over `iterations` runs (after a short warm-up) and summarises the distribution. */
export async function measure(
  name: string,
  fn: (i: number) => unknown | Promise<unknown>,
  options: {
    iterations?: number;
    warmup?: number;
    budgetMs?: number;
    budgetOn?: 'p50' | 'p95' | 'mean' | 'max';
    note?: string;
  } = {},
): Promise<BenchResult> {
  const iterations = options.iterations ?? 200;
  for (let i = 0; i < (options.warmup ?? Math.min(20, iterations)); i += 1) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const pick = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  const result: BenchResult = {
    name,
    iterations,
    meanMs: samples.reduce((a, b) => a + b, 0) / samples.length,
    p50Ms: pick(0.5),
    p95Ms: pick(0.95),
    maxMs: samples[samples.length - 1],
    note: options.note,
  };
  if (options.budgetMs !== undefined) {
    const on = options.budgetOn ?? 'p95';
    result.budgetMs = options.budgetMs;
    result.withinBudget =
      { p50: result.p50Ms, p95: result.p95Ms, mean: result.meanMs, max: result.maxMs }[on] <=
      options.budgetMs;
  }
  return result;
}

export function printTable(results: BenchResult[]): void {
  const rows = results.map((r) => ({
    benchmark: r.name,
    runs: r.iterations,
    'mean ms': r.meanMs.toFixed(2),
    'p50 ms': r.p50Ms.toFixed(2),
    'p95 ms': r.p95Ms.toFixed(2),
    'max ms': r.maxMs.toFixed(2),
    budget: r.budgetMs === undefined ? '' : `${r.budgetMs} ms ${r.withinBudget ? 'ok' : 'OVER'}`,
    'RSS MiB': r.rssMiB === undefined ? '' : `${r.rssMiB.toFixed(0)} / ${r.rssBudgetMiB ?? '-'}`,
    note: r.note ?? '',
  }));
  console.table(rows);
}
