import type { Database } from './client';
import { GLOBAL_SCHEMAS, TABLES, TENANT_COLUMN, type TableKind } from './distribution';

/** What distribution depends on, read from pg_catalog: keys and foreign keys of every table. */
export interface LiveTable {
  /** `name` in public, `schema.name` elsewhere. */
  name: string;
  tenantColumn: 'not null' | 'nullable' | 'absent';
  /** Unique indexes, the primary key among them, as column lists (expressions are left out). */
  uniques: { name: string; primary: boolean; columns: string[] }[];
  foreignKeys: { name: string; columns: string[]; references: string; referencedColumns: string[] }[];
}

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;
const qualified = (schema: string, table: string) => (schema === 'public' ? table : `${schema}.${table}`);
const columnList = (value: unknown) => (typeof value === 'string' && value ? value.split(',') : []);
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

export async function readLiveSchema(database: Database): Promise<LiveTable[]> {
  const { rows: tables } = await database.query(
    `select n.nspname as schema, c.relname as name,
       (select case when a.attnotnull then 'not null' else 'nullable' end from pg_attribute a
         where a.attrelid = c.oid and a.attname = '${TENANT_COLUMN}' and not a.attisdropped) as tenant
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and ${USER_SCHEMAS}`,
  );
  const { rows: uniques } = await database.query(
    `select n.nspname as schema, t.relname as table, i.relname as name, x.indisprimary as primary,
       (select string_agg(a.attname, ',' order by k.ord) from unnest(x.indkey) with ordinality k(attnum, ord)
         join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum) as columns
     from pg_index x join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
       join pg_namespace n on n.oid = t.relnamespace
     where x.indisunique and ${USER_SCHEMAS}`,
  );
  const { rows: foreignKeys } = await database.query(
    `select n.nspname as schema, c.relname as table, con.conname as name, fn.nspname as ref_schema,
       f.relname as ref_table,
       (select string_agg(a.attname, ',' order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
         join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
       (select string_agg(a.attname, ',' order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
         join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_columns
     from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_class f on f.oid = con.confrelid join pg_namespace fn on fn.oid = f.relnamespace
     where con.contype = 'f' and con.conparentid = 0 and ${USER_SCHEMAS}`,
  );
  const key = (row: Record<string, unknown>) => qualified(String(row.schema), String(row.table));
  return tables
    .map((row) => {
      const name = qualified(String(row.schema), String(row.name));
      return {
        name,
        tenantColumn: row.tenant === 'not null' || row.tenant === 'nullable' ? row.tenant : 'absent',
        uniques: uniques
          .filter((u) => key(u) === name)
          .map((u) => ({ name: String(u.name), primary: u.primary === true, columns: columnList(u.columns) }))
          .sort(byName),
        foreignKeys: foreignKeys
          .filter((f) => key(f) === name)
          .map((f) => ({
            name: String(f.name),
            columns: columnList(f.columns),
            references: qualified(String(f.ref_schema), String(f.ref_table)),
            referencedColumns: columnList(f.ref_columns),
          }))
          .sort(byName),
      } satisfies LiveTable;
    })
    .sort(byName);
}

/** A table's declared kind; tables of the job queue's and migrations' schemas are global. */
export function kindOf(table: string): TableKind | undefined {
  const [schema, name] = table.includes('.') ? table.split('.') : ['public', table];
  if (schema !== 'public') return GLOBAL_SCHEMAS.includes(schema) ? 'global' : undefined;
  return Object.hasOwn(TABLES, name) ? TABLES[name] : undefined;
}

/** Everything that would stop the schema from being distributed by organization_id; empty when it can be. */
export function distributionProblems(live: LiveTable[]): string[] {
  const problems: string[] = [];
  const names = new Set(live.map((t) => t.name));
  for (const declared of Object.keys(TABLES)) {
    if (!names.has(declared)) problems.push(`${declared} is declared but does not exist`);
  }
  for (const table of live) {
    const kind = kindOf(table.name);
    if (!kind) {
      problems.push(`${table.name} is not declared in server/db/distribution.ts`);
      continue;
    }
    if (kind === 'reference' && table.tenantColumn !== 'absent') {
      problems.push(`${table.name} has ${TENANT_COLUMN} but is declared a reference table`);
    }
    if (kind === 'global' && table.tenantColumn === 'not null') {
      problems.push(`${table.name} has a NOT NULL ${TENANT_COLUMN}: declare it a tenant table`);
    }
    if (kind === 'tenant') problems.push(...tenantProblems(table));
    for (const fk of table.foreignKeys) {
      const target = kindOf(fk.references);
      if (kind === 'tenant' && target === 'global') {
        problems.push(`${table.name}.${fk.name} references the global table ${fk.references}`);
      }
      if (kind === 'reference' && target !== 'reference') {
        problems.push(`${table.name}.${fk.name}: a reference table may only reference reference tables`);
      }
      if (kind === 'global' && target === 'tenant') {
        problems.push(
          `${table.name}.${fk.name}: a global table cannot reference the tenant table ${fk.references}`,
        );
      }
    }
  }
  return problems;
}

function tenantProblems(table: LiveTable): string[] {
  const problems: string[] = [];
  if (table.tenantColumn !== 'not null') problems.push(`${table.name} has no NOT NULL ${TENANT_COLUMN}`);
  if (!table.uniques.some((u) => u.primary)) problems.push(`${table.name} has no primary key`);
  for (const unique of table.uniques) {
    if (!unique.columns.includes(TENANT_COLUMN)) {
      const what = unique.primary ? 'primary key' : `unique index ${unique.name}`;
      problems.push(`${table.name}: ${what} lacks ${TENANT_COLUMN}`);
    }
  }
  for (const fk of table.foreignKeys) {
    if (kindOf(fk.references) !== 'tenant') continue;
    const at = fk.columns.indexOf(TENANT_COLUMN);
    if (at < 0 || fk.referencedColumns[at] !== TENANT_COLUMN) {
      problems.push(`${table.name}.${fk.name} → ${fk.references} lacks ${TENANT_COLUMN} on both sides`);
    }
  }
  return problems;
}

/** Tables of one kind, every table after the ones it references (then by name). */
function inDependencyOrder(live: LiveTable[], kind: TableKind): string[] {
  const tables = live.filter((t) => kindOf(t.name) === kind);
  const done = new Set<string>();
  const ordered: string[] = [];
  const visit = (table: LiveTable, path: Set<string>) => {
    if (done.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const fk of table.foreignKeys) {
      const target = tables.find((t) => t.name === fk.references);
      if (target) visit(target, path);
    }
    done.add(table.name);
    ordered.push(table.name);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * The Citus statements for a migrated database: reference tables, then tenant tables colocated
 * with the first one. Tables already in `distributed` (pg_dist_partition) are left out, so after a
 * migration that adds a table the output is only what is new.
 */
export function citusStatements(live: LiveTable[], distributed: ReadonlySet<string> = new Set()): string[] {
  const reference = inDependencyOrder(live, 'reference');
  const tenants = inDependencyOrder(live, 'tenant');
  const anchor = tenants.find((table) => distributed.has(table)) ?? tenants[0];
  const statements = reference
    .filter((table) => !distributed.has(table))
    .map((table) => `SELECT create_reference_table('${table}');`);
  for (const table of tenants.filter((t) => !distributed.has(t))) {
    const colocate = table === anchor ? '' : `, colocate_with => '${anchor}'`;
    statements.push(`SELECT create_distributed_table('${table}', '${TENANT_COLUMN}'${colocate});`);
  }
  return statements;
}

/** Tables Citus already manages on this database; empty without the citus extension. */
export async function citusTables(database: Database): Promise<Set<string>> {
  const { rows } = await database.query(`select to_regclass('pg_dist_partition') is not null as citus`);
  if (rows[0].citus !== true) return new Set();
  const { rows: tables } = await database.query(
    `select logicalrelid::regclass::text as name from pg_dist_partition`,
  );
  return new Set(tables.map((row) => String(row.name)));
}
