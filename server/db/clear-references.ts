// Clearing a reference when its target is deleted, without `ON DELETE SET NULL`. Citus refuses SET
// NULL / SET DEFAULT on a foreign key that includes the distribution column (organization_id), and
// every reference between tenant tables includes it (docs/deploy.md, "Citus"). Those foreign keys
// are NO ACTION (`tenantReference(…, 'clear')`): the owner's delete calls clearReferencesTo first,
// in the same transaction. This is the one platform code that writes other owners' tables
// (ARCHITECTURE.md, "Tables and owners"): it only sets a reference column to null, in the rows of
// one organization that point at rows being deleted, which is what the foreign key did before.
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { inIdList } from './bulk-insert';
import type { DbOrTx } from './client';
import * as schema from './schema';
import { CLEARED_ON_DELETE } from './schema/tenant';

/** A foreign key (organization_id, column) → target that the target's owner clears. */
export interface ClearedReference {
  name: string;
  table: PgTable;
  organizationId: PgColumn;
  column: PgColumn;
  target: PgTable;
}

let all: ClearedReference[] | undefined;

/** Every foreign key declared `tenantReference(…, 'clear')` in the schema. */
export function clearedReferences(): ClearedReference[] {
  all ??= Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .flatMap((table) =>
      getTableConfig(table)
        .foreignKeys.filter((fk) => CLEARED_ON_DELETE.has(fk.getName()))
        .map((fk) => {
          const { columns, foreignTable } = fk.reference();
          return {
            name: fk.getName(),
            table,
            organizationId: columns[0]!,
            column: columns[1]!,
            target: foreignTable,
          };
        }),
    );
  return all;
}

/**
 * Sets to null every reference to `ids` (rows of `target` in organization `orgId`) that the schema
 * declares cleared on delete. Call it in the owner's transaction, right before deleting them.
 */
export async function clearReferencesTo(
  tx: DbOrTx,
  target: PgTable,
  orgId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  for (const ref of clearedReferences().filter((r) => r.target === target)) {
    await tx.execute(
      sql`update ${ref.table} set ${sql.identifier(ref.column.name)} = null
          where ${ref.organizationId} = ${orgId} and ${inIdList(ref.column, ids)}`,
    );
  }
}
