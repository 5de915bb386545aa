import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { apiBench } from './bench/api.bench';
import { expensesBench } from './bench/expenses.bench';
import { printTable, type BenchResult } from './bench/harness';
import { inventoryBench } from './bench/inventory.bench';
import { matchingBench } from './bench/matching.bench';
import { queueBench } from './bench/queue.bench';
import { webBench } from './bench/web.bench';

// `npm run bench`: every benchmark suite; prints a table and writes bench/results.json.
const suites: Array<[string, () => Promise<BenchResult[]>]> = [
  ['api', apiBench],
  ['inventory', inventoryBench],
  ['expenses', expensesBench],
  ['queue', queueBench],
  ['matching', matchingBench],
  ['web', webBench],
];

const only = process.argv.slice(2);
const results: BenchResult[] = [];
for (const [name, run] of suites) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`Running ${name}…`);
  results.push(...(await run()));
}
printTable(results);
mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/results.json',
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      results,
    },
    null,
    2,
  ),
);
const over = results.filter((r) => r.withinBudget === false);
if (over.length > 0) {
  console.error(`Over budget: ${over.map((r) => r.name).join(', ')}`);
  process.exitCode = 1;
}
