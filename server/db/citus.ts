import type { Database } from './client';
import { GLOBAL_SCHEMAS, TABLES, TENANT_COLUMN, type TableKind } from './distribution';

/** What distribution depends on, read from pg_catalog: keys and foreign keys of every table. */
export interface LiveTable {
  /** `name` in public, `schema.name` elsewhere. */
  name: string;
  tenantColumn: 'not null' | 'nullable' | 'absent';
  /** Unique indexes, the primary key among them, as column lists (expressions are left out). */
  uniques: { name: string; primary: boolean; columns: string[] }[];
  foreignKeys: LiveForeignKey[];
  /** Triggers written by the schema (not the ones PostgreSQL makes for foreign keys). */
  triggers: LiveTrigger[];
}

export interface LiveForeignKey {
  name: string;
  columns: string[];
  references: string;
  referencedColumns: string[];
  /** pg_constraint.confdeltype: a no action, r restrict, c cascade, n set null, d set default. */
  onDelete: string;
  /** As pg_get_constraintdef prints it (`FOREIGN KEY (…) REFERENCES …(…) ON DELETE CASCADE`). */
  definition: string;
}

export interface LiveTrigger {
  name: string;
  function: string;
  /** Tables the trigger's function names after INSERT INTO, UPDATE or DELETE FROM. */
  writes: string[];
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
         join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_columns,
       con.confdeltype as on_delete, pg_get_constraintdef(con.oid) as definition
     from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_class f on f.oid = con.confrelid join pg_namespace fn on fn.oid = f.relnamespace
     where con.contype = 'f' and con.conparentid = 0 and ${USER_SCHEMAS}`,
  );
  const { rows: triggers } = await database.query(
    `select n.nspname as schema, c.relname as table, t.tgname as name, p.proname as function, p.prosrc as source
     from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_proc p on p.oid = t.tgfoid
     where not t.tgisinternal and ${USER_SCHEMAS}`,
  );
  const key = (row: Record<string, unknown>) => qualified(String(row.schema), String(row.table));
  /** The rows of one table, as `toItem` makes them, by name. */
  const ofTable = <T extends { name: string }>(
    rows: Record<string, unknown>[],
    table: string,
    toItem: (row: Record<string, unknown>) => T,
  ) =>
    rows
      .filter((row) => key(row) === table)
      .map(toItem)
      .sort(byName);
  return tables
    .map((row) => {
      const name = qualified(String(row.schema), String(row.name));
      return {
        name,
        tenantColumn: row.tenant === 'not null' || row.tenant === 'nullable' ? row.tenant : 'absent',
        uniques: ofTable(uniques, name, (u) => ({
          name: String(u.name),
          primary: u.primary === true,
          columns: columnList(u.columns),
        })),
        foreignKeys: ofTable(foreignKeys, name, (f) => ({
          name: String(f.name),
          columns: columnList(f.columns),
          references: qualified(String(f.ref_schema), String(f.ref_table)),
          referencedColumns: columnList(f.ref_columns),
          onDelete: String(f.on_delete),
          definition: String(f.definition),
        })),
        triggers: ofTable(triggers, name, (t) => ({
          name: String(t.name),
          function: String(t.function),
          writes: tablesWritten(String(t.source)),
        })),
      } satisfies LiveTable;
    })
    .sort(byName);
}

/** Tables a function body writes: named after INSERT INTO, UPDATE or DELETE FROM (as written). */
export function tablesWritten(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?(\w+)"?/gi)) {
    const table = match[1]!.toLowerCase();
    if (table !== 'set' && Object.hasOwn(TABLES, table)) found.add(table);
  }
  return [...found].sort();
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
    problems.push(...triggerProblems(table, kind));
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
    if (fk.columns.includes(TENANT_COLUMN) && (fk.onDelete === 'n' || fk.onDelete === 'd')) {
      const action = fk.onDelete === 'n' ? 'SET NULL' : 'SET DEFAULT';
      problems.push(
        `${table.name}.${fk.name}: ON DELETE ${action} with ${TENANT_COLUMN} in the key (clear it in the owner's delete)`,
      );
    }
    if (kindOf(fk.references) !== 'tenant') continue;
    const at = fk.columns.indexOf(TENANT_COLUMN);
    if (at < 0 || fk.referencedColumns[at] !== TENANT_COLUMN) {
      problems.push(`${table.name}.${fk.name} → ${fk.references} lacks ${TENANT_COLUMN} on both sides`);
    }
  }
  return problems;
}

/**
 * Triggers Citus runs on every placement of a reference table (so a write in one would happen once
 * per node) and triggers on a distributed table that write a table not sharded with it.
 */
function triggerProblems(table: LiveTable, kind: TableKind): string[] {
  const problems: string[] = [];
  for (const trigger of table.triggers) {
    if (kind === 'reference') {
      problems.push(`${table.name}: trigger ${trigger.name} on a reference table`);
    }
    if (kind !== 'tenant') continue;
    for (const written of trigger.writes.filter((t) => kindOf(t) !== 'tenant')) {
      problems.push(`${table.name}: trigger ${trigger.name} writes the ${kindOf(written)} table ${written}`);
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

/** What Citus already made of a table (pg_dist_partition), by the citus_tables view's rule. */
export type CitusKind = 'distributed' | 'reference' | 'local';

/** pg_dist_partition rows that make `table` the given kind (Citus's citus_tables view reads them so). */
const CITUS_KIND_SQL: Record<CitusKind, string> = {
  distributed: `partkey is not null`,
  reference: `partkey is null and repmodel = 't'`,
  local: `partkey is null and repmodel <> 't'`,
};

const isKind = (table: string, kind: CitusKind) =>
  `exists (select 1 from pg_dist_partition where logicalrelid = '${table}'::regclass and ${CITUS_KIND_SQL[kind]})`;

/** One PL/pgSQL block: every statement is guarded by what Citus already did, so it can run again. */
const block = (...lines: string[]) => ['DO $$ BEGIN', ...lines.map((l) => `  ${l}`), 'END $$;'].join('\n');

/** The foreign keys dropped while tables are distributed: between two tables Citus will manage. */
export function foreignKeysToDrop(live: LiveTable[]): { table: string; fk: LiveForeignKey }[] {
  const managed = (table: string) => kindOf(table) === 'tenant' || kindOf(table) === 'reference';
  return live
    .filter((table) => managed(table.name))
    .flatMap((table) =>
      table.foreignKeys.filter((fk) => managed(fk.references)).map((fk) => ({ table: table.name, fk })),
    );
}

/** The constraint as created again: NOT VALID first, validated by its own statement. */
const addForeignKey = (table: string, fk: LiveForeignKey) =>
  `ALTER TABLE ${table} ADD CONSTRAINT ${fk.name} ${fk.definition.replace(/ NOT VALID$/, '')} NOT VALID;`;

/**
 * The Citus script for a migrated database (docs/deploy.md, "Citus"), safe to run again after a
 * failure: each step checks pg_dist_partition or pg_constraint first.
 *
 * 1. Drops the foreign keys between tables Citus will manage (tenant → reference, tenant → tenant,
 *    reference → reference) while they are not both done, so no table is turned into a Citus local
 *    table when the table it references becomes a reference table (the coordinator is in the
 *    metadata), and no create_*_table meets a foreign key to a table not distributed yet.
 * 2. Reference tables, then tenant tables distributed by organization_id and colocated with the
 *    first, each after the tables it references. A table Citus turned into a Citus local table is
 *    undistributed first (create_*_table refuses a table already in the metadata). Each sets
 *    `citus.enable_unsafe_triggers` for its own transaction: Citus refuses to distribute a table
 *    that has triggers without it.
 * 3. Adds the dropped foreign keys again, as they were, NOT VALID then VALIDATE.
 *
 * `managed` (citusTables) leaves out of the comments what is already done; the guards do the rest.
 */
export function citusStatements(
  live: LiveTable[],
  managed: ReadonlyMap<string, CitusKind> = new Map(),
): string[] {
  const reference = inDependencyOrder(live, 'reference');
  const tenants = inDependencyOrder(live, 'tenant');
  const anchor = tenants.find((table) => managed.get(table) === 'distributed') ?? tenants[0];
  const target = (table: string): CitusKind => (kindOf(table) === 'reference' ? 'reference' : 'distributed');
  const done = (table: string) => isKind(table, target(table));
  const drops = foreignKeysToDrop(live);
  const statements: string[] = [];
  for (const { table, fk } of drops) {
    statements.push(
      block(
        `IF NOT (${done(table)} AND ${done(fk.references)}) THEN`,
        `  ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${fk.name};`,
        'END IF;',
      ),
    );
  }
  const create = (table: string, call: string) =>
    block(
      // For this statement only, so that any client or pooler runs it alike.
      `PERFORM set_config('citus.enable_unsafe_triggers', 'on', true);`,
      `IF ${isKind(table, 'local')} THEN`,
      `  PERFORM undistribute_table('${table}');`,
      'END IF;',
      `IF NOT ${done(table)} THEN`,
      `  PERFORM ${call};`,
      'END IF;',
    );
  for (const table of reference) {
    statements.push(create(table, `create_reference_table('${table}')`));
  }
  for (const table of tenants) {
    const colocate = table === anchor ? '' : `, colocate_with => '${anchor}'`;
    statements.push(create(table, `create_distributed_table('${table}', '${TENANT_COLUMN}'${colocate})`));
  }
  for (const { table, fk } of drops) {
    statements.push(
      block(
        `IF NOT EXISTS (select 1 from pg_constraint where conrelid = '${table}'::regclass and conname = '${fk.name}') THEN`,
        `  ${addForeignKey(table, fk)}`,
        'END IF;',
      ),
      `ALTER TABLE ${table} VALIDATE CONSTRAINT ${fk.name};`,
    );
  }
  return statements;
}

/** What Citus already manages on this database, by kind; empty without the citus extension. */
export async function citusTables(database: Database): Promise<Map<string, CitusKind>> {
  const { rows } = await database.query(`select to_regclass('pg_dist_partition') is not null as citus`);
  if (rows[0].citus !== true) return new Map();
  const { rows: tables } = await database.query(
    `select logicalrelid::regclass::text as name,
       case when ${CITUS_KIND_SQL.distributed} then 'distributed'
            when ${CITUS_KIND_SQL.reference} then 'reference' else 'local' end as kind
     from pg_dist_partition`,
  );
  return new Map(tables.map((row) => [String(row.name), row.kind as CitusKind]));
}
