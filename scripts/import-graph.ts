import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ROOT,
  cycles,
  importGraph,
  moduleEdges,
  moduleOf,
  reachableFrom,
  relativeToRoot,
} from '../server/test/import-graph';

/**
 * The load-time import graph of server/ and common/ for a newcomer: module cycles, file cycles,
 * modules importing each other, and how many files (of how many modules) importing each module's
 * index loads. `npx tsx scripts/import-graph.ts [module…]`. server/module-graph.test.ts keeps the
 * cycles at zero.
 */

const graph = importGraph(['server', 'common']);
const modules = moduleEdges(graph);
const next = (m: string) => modules.get(m)?.keys() ?? [];

const moduleCycles = cycles(modules.keys(), next);
console.log(`Module cycles: ${moduleCycles.length}`);
for (const cycle of moduleCycles) console.log(`  {${cycle.join(', ')}}`);

const fileCycles = cycles(graph.files, (f) => (graph.edges.get(f) ?? []).map((e) => e.to));
console.log(`File cycles: ${fileCycles.length}`);
for (const cycle of fileCycles)
  console.log(`  ${cycle.length} files: ${cycle.map(relativeToRoot).join(', ')}`);

const pairs = [...modules].flatMap(([a, out]) =>
  [...out.keys()].filter((b) => a < b && modules.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
);
console.log(`Modules importing each other: ${pairs.length}`);
for (const pair of pairs) console.log(`  ${pair}`);

const asked = process.argv.slice(2);
const names = asked.length > 0 ? asked : [...modules.keys()].sort();
console.log('Importing a module index loads:');
for (const name of names) {
  const index = join(ROOT, 'server', 'modules', name, 'index.ts');
  if (!existsSync(index)) continue;
  const loaded = reachableFrom(graph, index);
  const touched = new Set([...loaded].map(moduleOf).filter(Boolean));
  console.log(`  ${name}: ${loaded.size} files of ${touched.size} modules`);
}
