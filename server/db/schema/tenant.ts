import type { BuildExtraConfigColumns } from 'drizzle-orm';
import {
  foreignKey,
  pgTable,
  primaryKey,
  uuid,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  type UpdateDeleteAction,
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
 * Foreign key (organization_id, column) → target (organization_id, id). `set null` clears only
 * `column` (PostgreSQL 15+ column list): a plain SET NULL would clear organization_id too.
 */
export function tenantReference(
  name: string,
  from: { organizationId: PgColumn },
  column: PgColumn,
  to: TenantKey,
  onDelete: 'cascade' | 'set null',
) {
  const action = onDelete === 'cascade' ? 'cascade' : (`set null (${column.name})` as UpdateDeleteAction);
  return foreignKey({
    name,
    columns: [from.organizationId, column],
    foreignColumns: [to.organizationId, to.id],
  }).onDelete(action);
}
