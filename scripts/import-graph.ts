import { join } from 'node:path';
import {
  ROOT,
  cycles,
  fileImports,
  isTestSupport,
  relativeToRoot,
  sourceFiles,
} from '../server/test/import-graph';

/**
 * Prints the load-time import graph of server/ (with common/): the module cycles, the file
 * cycles, the pairs of modules that import each other, and how many files importing each module's
 * index loads. `npx tsx scripts/import-graph.ts [module...]`; server/module-graph.test.ts keeps the
 * cycles at zero.
 */

const files = [...sourceFiles(join(ROOT, 'server')), ...sourceFiles(join(ROOT, 'common'))].filter(
  (f) => !isTestSupport(f),
);
const known = new Set(files);
const edges = new Map(files.map((f) => [f, fileImports(f).filter((e) => known.has(e.to))]));
const moduleOf = (file: string) => /server\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;

const moduleEdges = new Map<string, Set<string>>();
for (const [from, out] of edges) {
  const a = moduleOf(from);
  if (!a) continue;
  for (const { to } of out) {
    const b = moduleOf(to);
    if (b && b !== a) moduleEdges.set(a, (moduleEdges.get(a) ?? new Set()).add(b));
  }
}

function reachable(start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0)
    for (const { to } of edges.get(queue.pop()!) ?? []) if (!seen.has(to) && seen.add(to)) queue.push(to);
  return seen;
}

const moduleCycles = cycles(moduleEdges.keys(), (m) => moduleEdges.get(m) ?? []);
console.log(`Module cycles: ${moduleCycles.length}`);
for (const c of moduleCycles) console.log(`  {${c.join(', ')}}`);

const fileCycles = cycles(files, (f) => (edges.get(f) ?? []).map((e) => e.to));
console.log(`File cycles: ${fileCycles.length}`);
for (const c of fileCycles) console.log(`  ${c.length} files: ${c.map(relativeToRoot).join(', ')}`);

const pairs = [...moduleEdges].flatMap(([a, out]) =>
  [...out].filter((b) => a < b && moduleEdges.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
);
console.log(`Modules importing each other: ${pairs.length}`);
for (const p of pairs) console.log(`  ${p}`);

const asked = process.argv.slice(2);
const modules =
  asked.length > 0 ? asked : [...new Set(files.map(moduleOf).filter((m): m is string => !!m))].sort();
console.log('Files loaded by importing a module index (modules among them):');
for (const m of modules) {
  const loaded = reachable(join(ROOT, 'server', 'modules', m, 'index.ts'));
  const touched = new Set([...loaded].map(moduleOf).filter(Boolean));
  console.log(`  ${m}: ${loaded.size} files, ${touched.size} modules`);
}
