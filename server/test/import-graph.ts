import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The import graph of our own TypeScript, as the code runs it: static imports and re-exports that
 * bring a value at load time. Type-only imports (`import type`, `{ type X }` only) and dynamic
 * `import()` are left out: they create no load-time edge. Used by the architecture tests
 * (module-graph.test.ts) and by `scripts/import-graph.ts`.
 */

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const ALIASES: [string, string][] = [
  ['@common/', join(ROOT, 'common') + '/'],
  ['@/', join(ROOT, 'web') + '/'],
];

export function sourceFiles(dir: string, keep: (path: string) => boolean = () => true): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path, keep);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && keep(path) ? [path] : [];
  });
}

export function isTestSupport(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || /\/test\//.test(path) || /\.test-helpers?\.tsx?$/.test(path);
}

function resolveFile(base: string): string | null {
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The file a specifier names, or null for a package. */
export function resolveImport(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return resolveFile(resolve(dirname(from), specifier));
  for (const [prefix, dir] of ALIASES) {
    if (specifier.startsWith(prefix)) return resolveFile(dir + specifier.slice(prefix.length));
  }
  return null;
}

function isTypeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) {
    if (statement.isTypeOnly) return true;
    const clause = statement.exportClause;
    return (
      !!clause &&
      ts.isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = statement.importClause;
  if (!clause) return false; // a side-effect import runs the file
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

export interface ImportEdge {
  from: string;
  to: string;
  line: number;
}

/** The load-time imports of one file that name another file of ours. */
export function fileImports(file: string): ImportEdge[] {
  const source = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const edges: ImportEdge[] = [];
  for (const statement of parsed.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || isTypeOnly(statement)) continue;
    const to = resolveImport(file, specifier.text);
    if (!to) continue;
    const line = parsed.getLineAndCharacterOfPosition(statement.getStart(parsed)).line + 1;
    edges.push({ from: file, to, line });
  }
  return edges;
}

/** Strongly connected components of more than one node (Tarjan), each sorted, largest first. */
export function cycles(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let counter = 0;
  const visit = (start: string) => {
    // Iterative, so a long chain of files cannot overflow the call stack.
    const work: { node: string; children: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, children: next(node)[Symbol.iterator]() });
    };
    enter(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const step = top.children.next();
      if (!step.done) {
        const child = step.value;
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) low.set(top.node, Math.min(low.get(top.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found.sort((a, b) => b.length - a.length);
}

export function relativeToRoot(path: string): string {
  return relative(ROOT, path);
}

/** The load-time graph of the non-test files under the given folders (relative to the root). */
export interface ImportGraph {
  files: string[];
  edges: Map<string, ImportEdge[]>;
}

export function importGraph(folders: string[]): ImportGraph {
  const files = folders.flatMap((folder) => sourceFiles(join(ROOT, folder))).filter((f) => !isTestSupport(f));
  const known = new Set(files);
  return { files, edges: new Map(files.map((f) => [f, fileImports(f).filter((e) => known.has(e.to))])) };
}

/** The server module a file belongs to (`server/modules/<module>/…`), or null. */
export function moduleOf(file: string): string | null {
  return /server\/modules\/([^/]+)\//.exec(relativeToRoot(file))?.[1] ?? null;
}

/** Module to module edges, each with one file import that makes it. */
export function moduleEdges(graph: ImportGraph): Map<string, Map<string, ImportEdge>> {
  const modules = new Map<string, Map<string, ImportEdge>>();
  for (const [from, out] of graph.edges) {
    const a = moduleOf(from);
    if (!a) continue;
    const targets = modules.get(a) ?? new Map<string, ImportEdge>();
    modules.set(a, targets);
    for (const edge of out) {
      const b = moduleOf(edge.to);
      if (b && b !== a && !targets.has(b)) targets.set(b, edge);
    }
  }
  return modules;
}

/** One closed path through a strongly connected component: its first node back to itself. */
export function cyclePath(component: string[], next: (node: string) => Iterable<string>): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const child of next(node)) {
      if (!members.has(child)) continue;
      if (child === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at))
          path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(child)) {
        cameFrom.set(child, node);
        queue.push(child);
      }
    }
  }
  return [start];
}

/** Files loaded by importing `start`, itself included. */
export function reachableFrom(graph: ImportGraph, start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const { to } of graph.edges.get(queue.pop()!) ?? []) {
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return seen;
}
