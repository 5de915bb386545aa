import type { BuildExtraConfigColumns } from 'drizzle-orm';
import {
  foreignKey,
  pgTable,
  primaryKey,
  uuid,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

// Keys that let every tenant table be distributed by organization_id (Citus): the primary key,
// unique constraints and foreign keys between tenant tables all include it. See docs/deploy.md.

/** The tenant column: the first key column of every tenant table. */
export const organizationId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

interface TenantKey {
  organizationId: PgColumn;
  id: PgColumn;
}

/** The two columns of the tenant primary key, first in every tenant table. */
const tenantKeyColumns = () => ({
  id: uuid('id').notNull().defaultRandom(),
  organizationId: organizationId(),
});

/** Primary key (organization_id, id), under PostgreSQL's usual name `<table>_pkey`. */
function tenantPrimaryKey(table: string, t: TenantKey) {
  return primaryKey({ name: `${table}_pkey`, columns: [t.organizationId, t.id] });
}

type TenantColumns<TColumns> = ReturnType<typeof tenantKeyColumns> & TColumns;

/**
 * A tenant table: `id` and `organization_id` first, primary key (organization_id, id), then its
 * own columns, indexes and references.
 */
export function tenantTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extraConfig: (
    t: BuildExtraConfigColumns<TName, TenantColumns<TColumns>, 'pg'>,
  ) => PgTableExtraConfigValue[] = () => [],
) {
  const all: TenantColumns<TColumns> = { ...tenantKeyColumns(), ...columns };
  return pgTable(name, all, (t) => [tenantPrimaryKey(name, t), ...extraConfig(t)]);
}

/**
 * Names of the tenant foreign keys whose reference the owner clears before deleting the target
 * (`tenantReference(…, 'clear')`): `server/db/clear-references.ts` reads them.
 */
export const CLEARED_ON_DELETE = new Set<string>();

/**
 * Foreign key (organization_id, column) → target (organization_id, id).
 *
 * - `cascade`: deleting the target deletes the row.
 * - `clear`: NO ACTION; the owner's delete of the target first sets `column` to null in the rows
 *   that reference it (`clearReferencesTo`). Citus refuses `ON DELETE SET NULL`, even `SET NULL
 *   (column)`, on a foreign key that includes the distribution column (docs/deploy.md), so the
 *   database cannot clear it.
 */
export function tenantReference(
  name: string,
  from: { organizationId: PgColumn },
  column: PgColumn,
  to: TenantKey,
  onDelete: 'cascade' | 'clear',
) {
  const key = foreignKey({
    name,
    columns: [from.organizationId, column],
    foreignColumns: [to.organizationId, to.id],
  });
  if (onDelete === 'cascade') return key.onDelete('cascade');
  CLEARED_ON_DELETE.add(name);
  return key;
}
