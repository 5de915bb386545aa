import ts from 'typescript';

/**
 * Where a source file builds SQL, read with the TypeScript compiler (issue 33). Used by the
 * architecture tests beside `server/db/ownership.test.ts`:
 * - `sql-in-repositories.test.ts`: in server/modules only `*.repo.ts` files build SQL;
 * - `ownership.test.ts`: a table named in SQL text belongs to the file's owner.
 *
 * A file builds SQL when it
 * - calls the query builder on a database handle: `db.select(…)`, `tx.insert(…)`, `deps.db.execute(…)`,
 *   `db.query.x.findMany(…)`, `subqueryBuilder.select(…)` (a handle is any expression whose last name
 *   is one of HANDLES); opening a transaction (`db.transaction`) is not building SQL;
 * - calls `.from(table)` / `.innerJoin(table)`… on a table imported from the schema (a builder passed in);
 * - writes a `sql` template (`sql\`…\``, `sql<number>\`…\``) or calls `sql.raw/join/…`;
 * - holds raw SQL text in a string (`'SELECT … FROM …'`, `INSERT INTO`, `UPDATE x SET`, `DELETE FROM`).
 */

export const HANDLES = ['db', 'tx', 'trx', 'executor', 'subqueryBuilder'];
const BUILDER_CALLS = [
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  '$count',
  '$with',
  'with',
];
const TABLE_CALLS = ['from', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin'];

/** Raw SQL statements in plain text; keywords in capitals, as our SQL is written (prose never matches). */
const RAW_SQL =
  /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT INTO\b|\bUPDATE\s+"?\w+"?\s+(?:\w+\s+)?SET\b|\bDELETE FROM\b|\bWITH\s+\w+\s+AS\s*\(/;

export interface SqlUse {
  line: number;
  /** What was found: `db.select`, `sql template`, `raw SQL`, `.from(table)`. */
  kind: string;
  /** The SQL text written (template pieces joined with `$n`; raw strings whole), if any. */
  text?: string;
}

function parse(file: string, source: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
}

/** The last name of an expression: `deps.db` → db, `tx` → tx, `this.db` → db. */
function lastName(expression: ts.Expression): string | null {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  if (ts.isNonNullExpression(expression) || ts.isParenthesizedExpression(expression))
    return lastName(expression.expression);
  if (ts.isAsExpression(expression)) return lastName(expression.expression);
  return null;
}

/** Names a file imports from the Drizzle schema (`db/schema` or a file in it). */
function schemaNames(parsed: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of parsed.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)db\/schema(\/|$)/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) names.add(element.name.text);
  }
  return names;
}

function templateText(template: ts.TemplateLiteral): string {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  return [
    template.head.text,
    ...template.templateSpans.map((span, i) => `$${i + 1}${span.literal.text}`),
  ].join('');
}

/** Every place a file builds SQL, in source order. */
export function sqlUses(file: string, source: string): SqlUse[] {
  const parsed = parse(file, source);
  const tables = schemaNames(parsed);
  const uses: SqlUse[] = [];
  const lineOf = (node: ts.Node) => parsed.getLineAndCharacterOfPosition(node.getStart(parsed)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      uses.push({ line: lineOf(node), kind: 'sql template', text: templateText(node.template) });
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { expression: target, name } = node.expression;
      const method = name.text;
      if (ts.isIdentifier(target) && target.text === 'sql') {
        uses.push({ line: lineOf(node), kind: `sql.${method}` });
      } else if (BUILDER_CALLS.includes(method) && HANDLES.includes(lastName(target) ?? '')) {
        uses.push({ line: lineOf(node), kind: `${lastName(target)}.${method}` });
      } else if (
        ['findMany', 'findFirst'].includes(method) &&
        ts.isPropertyAccessExpression(target) &&
        ts.isPropertyAccessExpression(target.expression) &&
        target.expression.name.text === 'query' &&
        HANDLES.includes(lastName(target.expression.expression) ?? '')
      ) {
        uses.push({ line: lineOf(node), kind: `${lastName(target.expression.expression)}.query` });
      } else if (TABLE_CALLS.includes(method)) {
        const first = node.arguments[0];
        if (first && ts.isIdentifier(first) && tables.has(first.text)) {
          uses.push({ line: lineOf(node), kind: `.${method}(${first.text})` });
        }
      }
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      if (!ts.isTaggedTemplateExpression(node.parent)) {
        const text = ts.isTemplateExpression(node) ? templateText(node) : node.text;
        if (RAW_SQL.test(text)) uses.push({ line: lineOf(node), kind: 'raw SQL', text });
      }
      if (ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return uses;
}

/** A table name as SQL text writes it: optionally quoted, optionally `public.`, not a column (`x.y`) or a call. */
const NAME = String.raw`(?:public\.)?"?([a-z_][a-z0-9_]*)"?(?![\w."(])`;
const AFTER_KEYWORD = new RegExp(
  String.raw`\b(?<!DISTINCT\s)(?:FROM|JOIN|INSERT\s+INTO|UPDATE|DELETE\s+FROM|TABLE)\s+(?:ONLY\s+)?${NAME}`,
  'gi',
);
/** More tables of a comma list: `FROM expenses e, subscriptions s`. */
const LISTED = new RegExp(String.raw`\bFROM\s+[^()]*?,\s*${NAME}`, 'gi');

/** The table names (SQL names, e.g. `expense_month_totals`) a piece of SQL text reads or writes. */
export function tablesInSql(text: string, known: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const pattern of [AFTER_KEYWORD, LISTED]) {
    for (const match of text.matchAll(pattern)) {
      const name = match[1]!.toLowerCase();
      if (known.has(name)) found.add(name);
    }
  }
  return [...found];
}
