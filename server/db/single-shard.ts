import { loadModule, parseSync } from 'libpg-query';
import { kindOf } from './citus';
import { TENANT_COLUMN } from './distribution';

// Whether Citus could answer a statement from one shard: its router planner needs every distributed
// table of the statement pinned to one value of the distribution column, either compared with a
// constant (`organization_id = $1`) or joined on it to a table that is (colocated join,
// docs.citusdata.com "Query Processing": router executor). Inserts are routed by their values. The
// statement is parsed by PostgreSQL's own parser (libpg-query) and read the way the planner reads
// equalities: through AND, never through OR or NOT. Tests only (server/db/distribution.test.ts).

type Node = Record<string, unknown>;

interface Scope {
  parent?: Scope;
  /** Tenant tables of this FROM, by alias (or table name), as reference numbers. */
  tenant: Map<string, number>;
  /** Subqueries in FROM, by alias: the tenant tables of their own FROM (`sub.organization_id` is theirs). */
  derived: Map<string, number[]>;
  /** Every other name this FROM brings (reference and global tables, CTEs, functions). */
  other: Set<string>;
  /** CTE names visible here: a FROM item of that name is the CTE, not the table. */
  ctes: Set<string>;
}

/** Loads the parser's WebAssembly module; call once before `tenantTablesAcrossShards`. */
export const loadSqlParser = () => loadModule();

/** The tenant tables of `statement` that no organization pins to one shard (empty: one shard answers). */
export function tenantTablesAcrossShards(statement: string): string[] {
  const analysis = new Analysis();
  for (const { stmt } of parseSync(statement).stmts as { stmt: Node }[]) analysis.walk(stmt, undefined);
  return analysis.unpinned();
}

const PINNED = 0;

class Analysis {
  private parents: number[] = [PINNED];
  private tables: string[] = [''];

  unpinned(): string[] {
    const out = new Set<string>();
    for (let ref = 1; ref < this.tables.length; ref += 1) {
      if (this.find(ref) !== this.find(PINNED)) out.add(this.tables[ref]);
    }
    return [...out].sort();
  }

  /** Finds statements anywhere below `node` (sublinks, CTEs, set operations) and reads each. */
  walk(node: unknown, scope: Scope | undefined): void {
    if (Array.isArray(node)) {
      for (const item of node) this.walk(item, scope);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === 'SelectStmt' || key === 'UpdateStmt' || key === 'DeleteStmt' || key === 'InsertStmt') {
        this.statement(key, value as Node, scope);
      } else {
        this.walk(value, scope);
      }
    }
  }

  private statement(kind: string, stmt: Node, outer: Scope | undefined): Scope {
    const withClause = stmt.withClause as { ctes?: { CommonTableExpr: Node }[] } | undefined;
    const ctes = new Set(outer?.ctes);
    for (const { CommonTableExpr: cte } of withClause?.ctes ?? []) {
      this.walk(cte.ctequery, {
        parent: outer,
        tenant: new Map(),
        derived: new Map(),
        other: new Set(),
        ctes: new Set(ctes),
      });
      ctes.add(String(cte.ctename));
    }
    const scope: Scope = { parent: outer, tenant: new Map(), derived: new Map(), other: new Set(), ctes };
    if (kind === 'SelectStmt' && stmt.op && stmt.op !== 'SETOP_NONE') {
      this.statement('SelectStmt', stmt.larg as Node, scope);
      this.statement('SelectStmt', stmt.rarg as Node, scope);
      return scope;
    }
    const from = [
      ...(stmt.relation ? [{ RangeVar: stmt.relation }] : []),
      ...((stmt.fromClause as Node[] | undefined) ?? []),
      ...((stmt.usingClause as Node[] | undefined) ?? []),
    ];
    for (const item of from) this.register(item, scope);
    // An insert goes where its organization_id value says.
    if (kind === 'InsertStmt') {
      const target = scope.tenant.get(aliasOf(stmt.relation as Node));
      if (target !== undefined) this.union(target, PINNED);
    }
    for (const item of from) this.fromConditions(item, scope);
    this.constrain(stmt.whereClause, scope);
    const { withClause: _w, relation: _r, fromClause: _f, usingClause: _u, whereClause, ...rest } = stmt;
    this.walk(whereClause, scope);
    this.walk(rest, scope);
    return scope;
  }

  /** Names the FROM items of one level; tenant tables get a reference number. */
  private register(item: Node, scope: Scope): void {
    if (item.RangeVar) {
      const range = item.RangeVar as Node;
      const name = aliasOf(range);
      const table = String(range.relname);
      const isTable = !range.schemaname || range.schemaname === 'public';
      if (isTable && !scope.ctes.has(table) && kindOf(table) === 'tenant') {
        this.parents.push(this.tables.length);
        scope.tenant.set(name, this.tables.length);
        this.tables.push(table);
      } else {
        scope.other.add(name);
      }
    } else if (item.JoinExpr) {
      const join = item.JoinExpr as Node;
      this.register(join.larg as Node, scope);
      this.register(join.rarg as Node, scope);
    } else {
      const alias = (Object.values(item)[0] as Node | undefined)?.alias as Node | undefined;
      if (alias) scope.other.add(String(alias.aliasname));
    }
  }

  /** Join conditions, and the statements of subqueries and functions in FROM (lateral ones see this level). */
  private fromConditions(item: Node, scope: Scope): void {
    if (item.JoinExpr) {
      const join = item.JoinExpr as Node;
      this.fromConditions(join.larg as Node, scope);
      this.fromConditions(join.rarg as Node, scope);
      this.constrain(join.quals, scope);
      this.walk(join.quals, scope);
    } else if (item.RangeSubselect) {
      // PostgreSQL pulls a plain subquery up into the join, so its organization_id is its tables'.
      const subselect = item.RangeSubselect as Node;
      const inner = this.statement('SelectStmt', (subselect.subquery as Node).SelectStmt as Node, scope);
      const alias = (subselect.alias as Node | undefined)?.aliasname;
      if (alias) scope.derived.set(String(alias), [...inner.tenant.values()]);
    } else if (!item.RangeVar) {
      this.walk(item, scope);
    }
  }

  /** Reads `organization_id = …` comparisons joined by AND. */
  private constrain(expression: unknown, scope: Scope): void {
    const node = expression as Node | undefined;
    if (!node) return;
    const bool = node.BoolExpr as Node | undefined;
    if (bool) {
      if (bool.boolop === 'AND_EXPR') for (const arg of bool.args as Node[]) this.constrain(arg, scope);
      return;
    }
    const comparison = node.A_Expr as Node | undefined;
    if (!comparison) return;
    const operator = ((comparison.name as Node[])[0]?.String as Node | undefined)?.sval;
    if (operator !== '=') return;
    let right = comparison.rexpr as Node;
    if (comparison.kind === 'AEXPR_IN') {
      const items = (right.List as Node | undefined)?.items as Node[] | undefined;
      if (items?.length !== 1) return;
      right = items[0];
    } else if (comparison.kind !== 'AEXPR_OP') {
      return;
    }
    const left = this.side(comparison.lexpr as Node, scope);
    const other = this.side(right, scope);
    if (!left || !other) return;
    for (const a of left) for (const b of other) this.union(a, b);
  }

  /** Reference numbers an operand stands for: PINNED for a constant, tenant references for organization_id. */
  private side(operand: Node, scope: Scope): number[] | undefined {
    const node = (operand.TypeCast as Node | undefined)?.arg
      ? ((operand.TypeCast as Node).arg as Node)
      : operand;
    if (node.ParamRef || node.A_Const) return [PINNED];
    // A scalar subquery is planned on its own first; its result is then a constant.
    if ((node.SubLink as Node | undefined)?.subLinkType === 'EXPR_SUBLINK') return [PINNED];
    const column = node.ColumnRef as Node | undefined;
    if (!column) return undefined;
    const fields = (column.fields as Node[]).map((f) => (f.String as Node | undefined)?.sval);
    if (fields.at(-1) !== TENANT_COLUMN) return undefined;
    return fields.length >= 2 ? resolveAlias(String(fields.at(-2)), scope) : resolveUnqualified(scope);
  }

  private find(ref: number): number {
    while (this.parents[ref] !== ref) {
      this.parents[ref] = this.parents[this.parents[ref]];
      ref = this.parents[ref];
    }
    return ref;
  }

  private union(a: number, b: number): void {
    this.parents[this.find(a)] = this.find(b);
  }
}

const aliasOf = (range: Node) => String((range.alias as Node | undefined)?.aliasname ?? range.relname);

function resolveAlias(alias: string, scope: Scope | undefined): number[] {
  for (let level = scope; level; level = level.parent) {
    const ref = level.tenant.get(alias);
    if (ref !== undefined) return [ref];
    const derived = level.derived.get(alias);
    if (derived) return derived;
    if (level.other.has(alias)) return [];
  }
  return [];
}

/** An unqualified organization_id belongs to the nearest level with a FROM (each tenant table of it). */
function resolveUnqualified(scope: Scope | undefined): number[] {
  for (let level = scope; level; level = level.parent) {
    if (level.tenant.size > 0 || level.derived.size > 0 || level.other.size > 0) {
      return [...level.tenant.values(), ...[...level.derived.values()].flat()];
    }
  }
  return [];
}
