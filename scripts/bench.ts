import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { analyticsBench } from './bench/analytics.bench';
import { apiBench } from './bench/api.bench';
import { benchmarksBench } from './bench/benchmarks.bench';
import { brandProfitabilityBench } from './bench/brand-profitability.bench';
import { catalogBench } from './bench/catalog.bench';
import { connectorsBench } from './bench/connectors.bench';
import { demoBench } from './bench/demo.bench';
import { embeddedBench } from './bench/embedded.bench';
import { expensesBench } from './bench/expenses.bench';
import { findingsBench } from './bench/findings.bench';
import { printTable, type BenchResult } from './bench/harness';
import { insightsBench } from './bench/insights.bench';
import { invoicesBench } from './bench/invoices.bench';
import { inventoryBench } from './bench/inventory.bench';
import { matchingBench } from './bench/matching.bench';
import { queueBench } from './bench/queue.bench';
import { scaleBench } from './bench/scale.bench';
import { webBench } from './bench/web.bench';

// `npm run bench [suite…]`: every benchmark suite, or the named ones; prints a table and writes
// bench/results.json. TEST_DATABASE_URL runs them on PostgreSQL; BENCH_QUICK=1 shortens `scale`.
const suites: Array<[string, () => Promise<BenchResult[]>]> = [
  ['api', apiBench],
  ['inventory', inventoryBench],
  ['expenses', expensesBench],
  ['queue', queueBench],
  ['matching', matchingBench],
  ['invoices', invoicesBench],
  ['embedded', embeddedBench],
  ['insights', insightsBench],
  ['findings', findingsBench],
  ['benchmarks', benchmarksBench],
  ['catalog', catalogBench],
  ['analytics', analyticsBench],
  ['demo', demoBench],
  ['connectors', connectorsBench],
  ['brand-profitability', brandProfitabilityBench],
  ['scale', scaleBench],
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
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cpus`,
);
mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/results.json',
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg(),
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
