import { foreignKey, primaryKey, uuid, type PgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

// Keys that let every tenant table be distributed by organization_id (Citus): the primary key,
// unique constraints and foreign keys between tenant tables all include it. See docs/deploy.md.

/** The tenant column: the first key column of every tenant table. */
export const organizationId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** The two columns of tenantPrimaryKey, first in every tenant table: `...tenantKeyColumns()`. */
export const tenantKeyColumns = () => ({
  id: uuid('id').notNull().defaultRandom(),
  organizationId: organizationId(),
});

/** Primary key (organization_id, id), under PostgreSQL's usual name `<table>_pkey`. */
export function tenantPrimaryKey(table: string, t: { organizationId: PgColumn; id: PgColumn }) {
  return primaryKey({ name: `${table}_pkey`, columns: [t.organizationId, t.id] });
}

interface TenantKey {
  organizationId: PgColumn;
  id: PgColumn;
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
