// Times catalogue search and merchant matching: mean and p95 microseconds per call over 1000 queries.
// Run: npx tsx scripts/bench-catalog.ts
import { performance } from 'node:perf_hooks';
import { CATALOG } from '../common/catalog/catalog';
import { matchMerchant } from '../common/catalog/merchant';
import { searchCatalog } from '../common/catalog/search';

const QUERIES = 1000;

/** Deterministic pseudo-random numbers (mulberry32), so runs are comparable. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];

function typo(word: string): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(next() * (word.length - 2));
  return next() < 0.5
    ? word.slice(0, i) + word.slice(i + 1)
    : word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
}

function searchQuery(): string {
  const app = pick(CATALOG);
  switch (Math.floor(next() * 5)) {
    case 0:
      return app.name.slice(0, 2 + Math.floor(next() * 5));
    case 1:
      return app.name;
    case 2:
      return typo(app.name.toLowerCase());
    case 3:
      return pick(app.aliases);
    default:
      return pick(['', 'crm', 'cloud', 'video', 'pasword manager', 'qqxxzz', 'microsoft', 'google work']);
  }
}

function merchantString(): string {
  const app = pick(CATALOG);
  const alias = pick(app.aliases);
  return pick([
    `SQ *${alias}`,
    `${alias} 888-555-0100 CA`,
    `${alias}*AB12CD34`,
    `PAYPAL *${alias}`,
    'AMZN Mktp US*2K4',
  ]);
}

function summary(micros: number[]): string {
  const sorted = [...micros].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))].toFixed(1);
  const mean = sorted.reduce((sum, us) => sum + us, 0) / sorted.length;
  return `mean ${mean.toFixed(1)} µs, median ${at(0.5)} µs, p95 ${at(0.95)} µs, max ${at(1)} µs`;
}

/**
 * Prints two lines: every query timed once, and each query's best of five runs (which filters out
 * scheduler and GC pauses on a busy machine, showing the cost of the work itself).
 */
function measure(label: string, inputs: readonly string[], run: (input: string) => unknown): void {
  for (const input of inputs.slice(0, 200)) run(input); // warm-up
  const time = (input: string) => {
    const start = performance.now();
    run(input);
    return (performance.now() - start) * 1000;
  };
  console.log(`${label} (single run):     ${summary(inputs.map(time))}`);
  const best = inputs.map((input) => Math.min(...Array.from({ length: 5 }, () => time(input))));
  console.log(`${label} (best of 5 runs): ${summary(best)}`);
}

console.log(`${CATALOG.length} catalogue entries, ${QUERIES} queries each`);
measure('searchCatalog', Array.from({ length: QUERIES }, searchQuery), (q) => searchCatalog(q));
measure('matchMerchant', Array.from({ length: QUERIES }, merchantString), (m) => matchMerchant(m));
