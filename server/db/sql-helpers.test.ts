import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { settingsItems, subscriptions } from './schema';
import { everyColumnOf, subqueryBuilder } from './sql-helpers';

const dialect = new PgDialect();
const orgId = '2ee23446-c907-459c-8671-fde2015b2027';

/** A consumer's statement over an owner's subquery: the subquery joined and its columns referenced. */
const consumer = (s: { id: SQL.Aliased | object; organizationId: object }) =>
  dialect.sqlToQuery(sql`select ${s.id} from ${s} where ${s.organizationId} = ${orgId}`);

describe('everyColumnOf', () => {
  it('is the select builder’s subquery, statement and fields, with the column list rendered once', () => {
    const appsWhere = eq(subscriptions.organizationId, orgId);
    const apps = subqueryBuilder
      .select(getTableColumns(subscriptions))
      .from(subscriptions)
      .where(appsWhere)
      .as('apps');
    const itemsWhere = and(eq(settingsItems.organizationId, orgId), eq(settingsItems.kind, 'categories'))!;
    const items = subqueryBuilder
      .select(getTableColumns(settingsItems))
      .from(settingsItems)
      .where(itemsWhere)
      .as('item');
    // Twice each: the second call reads the rendered column list.
    for (let i = 0; i < 2; i += 1) {
      const madeApps = everyColumnOf(subscriptions, appsWhere, 'apps');
      expect(consumer(madeApps)).toEqual(consumer(apps));
      expect(Object.keys(madeApps._.selectedFields)).toEqual(Object.keys(apps._.selectedFields));
      const madeItems = everyColumnOf(settingsItems, itemsWhere, 'item');
      expect(consumer(madeItems)).toEqual(consumer(items));
      expect(Object.keys(madeItems._.selectedFields)).toEqual(Object.keys(items._.selectedFields));
    }
  });
});
