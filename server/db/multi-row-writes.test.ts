import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isTestSupport, ROOT, sourceFiles } from '../test/import-graph';

/**
 * `.insert(…).values(rows)` of a list that can grow past 65,535 bind parameters fails on PostgreSQL
 * (issue 34): such writes go through server/db/bulk-insert.ts (bulkInsert, inChunks). The lists
 * that stay small are named here (`file insert(table)`), each with why. Only shrinks: an entry that
 * no longer matches a write fails the test too.
 */
const BOUNDED: Record<string, string> = {
  'server/modules/entities/allocations.repo.ts insert(allocationShares)':
    "one target's shares: a handful, validated by the allocation schema",
  'server/modules/settings-lists/settings-lists.repo.ts insert(settingsItems)':
    'DEFAULT_CATEGORIES, a constant',
  'scripts/demo/group.ts insert(brands)': 'BRANDS, a constant',
  'scripts/demo/group.ts insert(departmentAllocations)': 'DEPARTMENT_BRANDS, a constant',
  'scripts/demo/group.ts insert(brandRevenue)': 'three brands × the demo months',
  'server/modules/organizations/identity.repo.ts insert(v)':
    'the organizations one user belongs to or owns applications in: a handful',
};

const ARRAY_METHODS = new Set(['map', 'filter', 'flatMap', 'slice', 'concat', 'toSorted', 'from']);

/** Whether `node` (in `file`) is an array by its syntax or by how the name it reads is declared. */
function isArray(node: ts.Expression, file: ts.SourceFile): boolean {
  if (ts.isArrayLiteralExpression(node)) return true;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return isArray(node.expression, file);
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression))
    return ARRAY_METHODS.has(node.expression.name.text);
  if (!ts.isIdentifier(node)) return false;
  // The name's declaration in the innermost function (or the file) that declares it.
  for (let scope: ts.Node | undefined = node.parent; scope; scope = scope.parent) {
    if (!ts.isFunctionLike(scope) && !ts.isSourceFile(scope)) continue;
    const declarations = declarationsIn(scope, node.text);
    if (declarations.length > 0) return declarations.some((d) => isArrayDeclaration(d, file));
  }
  return false;
}

type Declaration = ts.VariableDeclaration | ts.ParameterDeclaration;

/** Declarations of `name` in `scope` itself, not in the functions nested in it. */
function declarationsIn(scope: ts.Node, name: string): Declaration[] {
  const found: Declaration[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isVariableDeclaration(n) || ts.isParameter(n)) && ts.isIdentifier(n.name) && n.name.text === name)
      found.push(n);
    if (n !== scope && ts.isFunctionLike(n)) return;
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(scope, visit);
  return found;
}

function isArrayDeclaration(declaration: Declaration, file: ts.SourceFile): boolean {
  const type = declaration.type;
  if (type && (ts.isArrayTypeNode(type) || /^(Readonly)?Array</.test(type.getText(file)))) return true;
  return declaration.initializer !== undefined && isArray(declaration.initializer, file);
}

/** The table of the `.insert(table)` a `.values(…)` call continues, or null for another `.values`. */
function insertedTable(values: ts.PropertyAccessExpression): string | null {
  let node: ts.Expression = values.expression;
  while (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node)) {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (node.expression.name.text === 'insert') return node.arguments[0]?.getText() ?? '?';
      node = node.expression.expression;
    } else node = ts.isCallExpression(node) ? node.expression : node.expression;
  }
  return null;
}

/** `file insert(table)` for every `.insert(table).values(<array>)` in the source. */
function multiRowValues(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'values' &&
      node.arguments.length === 1 &&
      isArray(node.arguments[0]!, file)
    ) {
      const table = insertedTable(node.expression);
      if (table) found.push(`${relative(ROOT, path)} insert(${table})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('multi-row writes', () => {
  it('sends every unbounded .values(<array>) through bulk-insert.ts', () => {
    const files = ['server', 'scripts'].flatMap((dir) =>
      sourceFiles(join(ROOT, dir), (path) => !isTestSupport(path) && !path.endsWith('bulk-insert.ts')),
    );
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) => multiRowValues(file, readFileSync(file, 'utf8')));
    expect(
      found.filter((write) => !(write in BOUNDED)),
      'a .values(<array>) that can pass 65,535 parameters: use bulkInsert or inChunks (server/db/bulk-insert.ts)',
    ).toEqual([]);
    expect(
      Object.keys(BOUNDED).filter((write) => !found.includes(write)),
      'gone: delete from BOUNDED',
    ).toEqual([]);
  });

  it('tells an array from a single row', () => {
    const source = [
      `async function a(db: Db, rows: Row[], values: NewRow, list: Array<Row>) {`,
      `  await db.insert(t1).values(rows);`,
      `  await db.insert(t2).values(values).returning();`,
      `  await db.insert(t3).values(list).onConflictDoNothing();`,
      `  const made = items.map((i) => ({ i }));`,
      `  await tx.insert(t4).values(made);`,
      `  await db.insert(t5).values(items.map((i) => ({ i })));`,
      `  await db.insert(t6).values({ a: 1 });`,
      `  const v = [...byKey.values()];`,
      `}`,
      `function b(values: NewRow[]) {}`,
      `async function c(values: NewRow) { await db.insert(t7).values(values); }`,
    ].join('\n');
    expect(multiRowValues(join(ROOT, 'server/x.repo.ts'), source)).toEqual([
      'server/x.repo.ts insert(t1)',
      'server/x.repo.ts insert(t3)',
      'server/x.repo.ts insert(t4)',
      'server/x.repo.ts insert(t5)',
    ]);
  });
});
