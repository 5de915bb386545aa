import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  ROOT,
  cyclePath,
  cycles,
  importGraph,
  moduleEdges,
  isTestSupport,
  relativeToRoot,
  resolveImport,
  sourceFiles,
  type ImportEdge,
  type ImportGraph,
} from './test/import-graph';

// The module graph has no loop: foundation modules (entities, fx-rates, notifications…) import no
// module above them, data-owning modules import only foundations and each other one way, use cases
// and reports sit on top, and the composition root wires them all (ARCHITECTURE.md, "Layers").
// Load-time imports only: `import type` and dynamic import() make no edge.

/** Foundation modules: they import only each other (and platform code), never a data-owning module. */
const FOUNDATIONS = [
  'api-keys',
  'audit',
  'billing',
  'catalog',
  'entities',
  'fx-rates',
  'notifications',
  'organizations',
  'settings-lists',
  'vendors',
];

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
const specifierOf = (s: ts.ExportDeclaration | ts.ImportDeclaration) =>
  (s.moduleSpecifier as ts.StringLiteral | undefined)?.text ?? '';

function moduleIndexes(): string[] {
  return sourceFiles(join(ROOT, 'server', 'modules')).filter((f) => /modules\/[^/]+\/index\.ts$/.test(f));
}

/** The names an index exports: `export { a, b as c } from …`, and its own `export function/const`. */
function exportedNames(index: string): string[] {
  const names: string[] = [];
  for (const statement of parse(index).statements) {
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      names.push(...statement.exportClause.elements.map((e) => e.name.text));
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isVariableStatement(statement) ||
        ts.isClassDeclaration(statement)) &&
      statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations)
          if (ts.isIdentifier(d.name)) names.push(d.name.text);
      } else if (statement.name) names.push(statement.name.text);
    }
  }
  return names;
}

/** For each module index, the names files outside that module import from it (types included). */
function namesImportedFromIndexes(): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const files = ['server', 'scripts', 'e2e'].flatMap((dir) => sourceFiles(join(ROOT, dir)));
  for (const file of files) {
    const source = parse(file);
    // `const { a, b } = await import('…/module')` (scripts load modules on demand) uses a and b.
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && node.initializer && ts.isObjectBindingPattern(node.name)) {
        let call: ts.Node = node.initializer;
        if (ts.isAwaitExpression(call)) call = call.expression;
        if (ts.isCallExpression(call) && call.expression.kind === ts.SyntaxKind.ImportKeyword) {
          const argument = call.arguments[0];
          const target = argument && ts.isStringLiteral(argument) ? resolveImport(file, argument.text) : null;
          if (target) {
            const names = used.get(target) ?? new Set<string>();
            used.set(target, names);
            for (const e of node.name.elements) names.add(((e.propertyName ?? e.name) as ts.Identifier).text);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const target = resolveImport(file, specifierOf(statement));
      if (!target || !/modules\/[^/]+\/index\.ts$/.test(target)) continue;
      // The module's own code does not count; its tests, which use the public face, do.
      if (file.startsWith(dirname(target) + '/') && !isTestSupport(file)) continue;
      const names = used.get(target) ?? new Set<string>();
      used.set(target, names);
      const bindings = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings
        : statement.exportClause;
      if (!bindings) continue;
      if (ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) {
        exportedNames(target).forEach((n) => names.add(n));
      } else {
        for (const e of bindings.elements) names.add((e.propertyName ?? e.name).text);
      }
    }
  }
  return used;
}

const where = (edge: ImportEdge) =>
  `${relativeToRoot(edge.from)}:${edge.line} imports ${relativeToRoot(edge.to)}`;

function fileCycleReport(graph: ImportGraph, component: string[]): string {
  const next = (f: string) => (graph.edges.get(f) ?? []).map((e) => e.to);
  const path = cyclePath(component, next);
  const closing = path.slice(1).map((to, i) => graph.edges.get(path[i]!)!.find((e) => e.to === to)!);
  return `${component.length} files: ${component.map(relativeToRoot).join(', ')}\n  e.g. ${closing.map(where).join('\n    → ')}`;
}

function fileCycles(graph: ImportGraph): string[][] {
  return cycles(graph.files, (f) => (graph.edges.get(f) ?? []).map((e) => e.to));
}

describe('the server module graph', () => {
  const graph = importGraph(['server', 'common']);

  it('has no cycle between modules', () => {
    const modules = moduleEdges(graph);
    const next = (m: string) => modules.get(m)?.keys() ?? [];
    const found = cycles(modules.keys(), next);
    const reports = found.map((component) => {
      const path = cyclePath(component, next);
      const closing = path
        .slice(1)
        .map((to, i) => `${path[i]} → ${to} (${where(modules.get(path[i]!)!.get(to)!)})`);
      return `{${component.join(', ')}}\n  ${closing.join('\n  ')}`;
    });
    expect(reports, 'Break each loop: move the shared piece down, the use case up, or use a port').toEqual(
      [],
    );
  });

  it('keeps foundation modules below the data-owning ones', () => {
    const modules = moduleEdges(graph);
    const upward = FOUNDATIONS.flatMap((name) =>
      [...(modules.get(name) ?? new Map<string, ImportEdge>())]
        .filter(([to]) => !FOUNDATIONS.includes(to))
        .map(([to, edge]) => `${name} → ${to} (${where(edge)})`),
    );
    expect(upward, 'Declare a port (server/lib/port.ts) filled in server/providers.ts instead').toEqual([]);
  });

  it('has no cycle between files (common/ and the composition root included)', () => {
    const found = fileCycles(graph);
    expect(found.map((c) => fileCycleReport(graph, c))).toEqual([]);
  });

  it('module indexes re-export no routes and no jobs, and name what they export', () => {
    const plumbing = moduleIndexes().flatMap((index) =>
      parse(index)
        .statements.filter(ts.isExportDeclaration)
        .filter((s) => !s.exportClause || /\.(routes|job)$/.test(specifierOf(s)))
        .map((s) => `${relativeToRoot(index)} -> ${specifierOf(s)}${s.exportClause ? '' : ' (export *)'}`),
    );
    expect(plumbing, 'The composition root wires routes and jobs from their files').toEqual([]);
  });

  it('module indexes export only what another module, a script or a test uses', () => {
    const used = namesImportedFromIndexes();
    const unused = moduleIndexes().flatMap((index) =>
      exportedNames(index)
        .filter((name) => !used.get(index)?.has(name))
        .map((name) => `${relativeToRoot(index)}: ${name}`),
    );
    expect(unused, 'Remove the export (the module keeps it private)').toEqual([]);
  });
});

describe('the web import graph', () => {
  it('has no cycle between files (common/ included)', () => {
    const graph = importGraph(['web', 'common']);
    expect(fileCycles(graph).map((c) => fileCycleReport(graph, c))).toEqual([]);
  });
});
