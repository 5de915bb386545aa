import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsDimension } from '../../../common/contracts/analytics';
import { analyticsSpendCells, expenses, subscriptions } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { allocate, buildBrand, buildEntity, defaultsOf } from '../../test/factories/allocation-fixtures';
import { buildOrgOwner, buildSubscription } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { GROUP_DIMENSIONS, refreshSpendCells, spendCellsCurrent } from './cells.repo';
import {
  actualSpend,
  actualSpendFromCells,
  actualSpendFromRollup,
  type ByMonth,
  type SpendScope,
} from './spend.repo';

// Analytics' read model (issue 34): after every kind of write the job catches up, the cells give
// exactly the rows the rollup gives (every dimension, per month or not, filtered by entity or
// brand), and one organization's cells never carry another's spend.
let server: TestServer;
const db = () => server.app.deps.db;
const orgs = {} as Record<'a' | 'b', { id: string; scope: SpendScope; apps: string[] }>;
let otherEntity: { id: string };
let otherBrand: { id: string };

/** Every dimension: those the groups sum by, and entity and brand (read from `none`'s). */
const DIMENSIONS: AnalyticsDimension[] = [...GROUP_DIMENSIONS, 'entity', 'brand'];

const addExpense = async (
  orgId: string,
  values: {
    date: string;
    amountMinor: number;
    currency?: string;
    subscriptionId?: string | null;
    categoryId?: string;
  },
) =>
  (
    await db()
      .execute(sql`insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key,
      merchant_name, subscription_id, match_status, category_id)
    values (${orgId}, ${values.date}, ${values.amountMinor}, ${values.currency ?? 'USD'}, 'M', 'm', 'M',
      ${values.subscriptionId ?? null}, ${values.subscriptionId ? 'matched' : 'unmatched'}, ${values.categoryId ?? null})
    returning id`)
  ).rows[0]!.id as string;

const category = async (orgId: string, name: string) =>
  (
    await db().execute(
      sql`insert into settings_items (organization_id, kind, name) values (${orgId}, 'categories', ${name})
      on conflict (organization_id, kind, lower(name)) do update set name = excluded.name returning id`,
    )
  ).rows[0]!.id as string;

const sorted = (rows: Awaited<ReturnType<typeof actualSpend>>) =>
  rows.map((r) => `${r.month}|${r.keys.join('/')}|${r.amountMinor}`).sort();

/** The job catches up; then every grouping of the cells equals the rollup's. */
async function expectCellsEqualRollup(org: 'a' | 'b') {
  const { id, scope } = orgs[org];
  expect(await spendCellsCurrent(db(), id)).toBe(false);
  await refreshSpendCells(db(), id);
  expect(await spendCellsCurrent(db(), id)).toBe(true);
  const scopes: SpendScope[] = [
    scope,
    { ...scope, fromMonth: '2026-02-01', toMonth: '2026-02-01' },
    { ...scope, entityId: otherEntity.id },
    { ...scope, brandId: otherBrand.id },
    { ...scope, entityId: scope.defaults.entityId },
  ];
  for (const s of scopes) {
    for (const dims of [...DIMENSIONS.map((d) => [d]), ['category', 'department'] as AnalyticsDimension[]]) {
      for (const byMonth of [true, false, 'monthsSummed'] as ByMonth[]) {
        const raw = sorted(await actualSpendFromRollup(db(), s, dims, byMonth));
        if (s === scope) expect(raw.length).toBeGreaterThan(0);
        expect(
          sorted(await actualSpendFromCells(db(), s, dims, byMonth)),
          `${dims.join('×')} ${byMonth}`,
        ).toEqual(raw);
      }
    }
  }
}

beforeAll(async () => {
  server = await getTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });
  for (const org of ['a', 'b'] as const) {
    const owner = await buildOrgOwner(server.app);
    const defaults = await defaultsOf(db(), owner.orgId);
    const design = await category(owner.orgId, 'Design');
    const apps = [];
    for (const [i, name] of ['Figma', 'CRM', 'Chat'].entries()) {
      apps.push(
        (
          await buildSubscription(db(), owner.orgId, {
            name,
            categoryId: i === 0 ? design : null,
            department: i === 1 ? 'Sales' : null,
            amountMinor: 10_000,
          })
        ).id,
      );
    }
    orgs[org] = {
      id: owner.orgId,
      apps,
      scope: {
        orgId: owner.orgId,
        fromMonth: '2026-01-01',
        toMonth: '2026-03-01',
        defaults: { entityId: defaults.entityId, brandId: defaults.brandId },
      },
    };
    await db().execute(sql`insert into fx_rates (organization_id, date, base, quote, rate) values
      (${owner.orgId}, '2026-01-05', 'EUR', 'USD', '1.10'), (${owner.orgId}, '2026-02-05', 'EUR', 'USD', '1.2345')`);
    await addExpense(owner.orgId, { date: '2026-01-05', amountMinor: 10_001, subscriptionId: apps[0] });
    await addExpense(owner.orgId, {
      date: '2026-01-06',
      amountMinor: 5_003,
      currency: 'EUR',
      subscriptionId: apps[0],
    });
    await addExpense(owner.orgId, {
      date: '2026-02-07',
      amountMinor: 7_777,
      currency: 'EUR',
      subscriptionId: apps[1],
    });
    await addExpense(owner.orgId, {
      date: '2026-02-08',
      amountMinor: 333,
      subscriptionId: apps[2],
      categoryId: design,
    });
    await addExpense(owner.orgId, { date: '2026-02-09', amountMinor: 2_000 });
    await addExpense(owner.orgId, {
      date: '2026-03-01',
      amountMinor: 3_000,
      currency: 'GBP',
      subscriptionId: apps[1],
    });
  }
  otherEntity = await buildEntity(db(), orgs.a.id, 'Acme GmbH');
  otherBrand = await buildBrand(db(), orgs.a.id, 'Acme Kids', otherEntity.id);
  // CRM split three ways (thirds that round), one charge allocated on its own.
  const d = orgs.a.scope.defaults;
  await allocate(db(), orgs.a.id, 'subscription', orgs.a.apps[1]!, [
    { entityId: d.entityId, brandId: d.brandId, basisPoints: 3333 },
    { entityId: otherEntity.id, brandId: d.brandId, basisPoints: 3333 },
    { entityId: otherEntity.id, brandId: otherBrand.id, basisPoints: 3334 },
  ]);
  const own = await addExpense(orgs.a.id, {
    date: '2026-02-10',
    amountMinor: 4_321,
    subscriptionId: orgs.a.apps[0],
  });
  await allocate(db(), orgs.a.id, 'expense', own, [
    { entityId: otherEntity.id, brandId: otherBrand.id, basisPoints: 2500 },
    { entityId: d.entityId, brandId: d.brandId, basisPoints: 7500 },
  ]);
});
afterAll(async () => {
  await server.close();
});

describe('analytics spend cells', () => {
  it('are built for the whole organization, and equal the rollup', async () => {
    await expectCellsEqualRollup('a');
    await expectCellsEqualRollup('b');
  });

  it('follow an expense insert, update and delete, rebuilding only its application', async () => {
    const id = await addExpense(orgs.a.id, {
      date: '2026-03-02',
      amountMinor: 1_234,
      currency: 'EUR',
      subscriptionId: orgs.a.apps[2],
    });
    await expectCellsEqualRollup('a');
    await db()
      .update(expenses)
      .set({ amountMinor: 99_999, department: 'Ops' })
      .where(and(eq(expenses.organizationId, orgs.a.id), eq(expenses.id, id)));
    expect(await refreshSpendCells(db(), orgs.a.id)).toBe(1);
    await db()
      .update(expenses)
      .set({ subscriptionId: orgs.a.apps[0] })
      .where(and(eq(expenses.organizationId, orgs.a.id), eq(expenses.id, id)));
    await expectCellsEqualRollup('a');
    await db()
      .delete(expenses)
      .where(and(eq(expenses.organizationId, orgs.a.id), eq(expenses.id, id)));
    await expectCellsEqualRollup('a');
  });

  it("follow an application's category, department and vendor, and its archiving", async () => {
    const sales = await category(orgs.a.id, 'Sales');
    await db()
      .update(subscriptions)
      .set({ categoryId: sales, department: 'Revenue' })
      .where(and(eq(subscriptions.organizationId, orgs.a.id), eq(subscriptions.id, orgs.a.apps[1]!)));
    expect(await refreshSpendCells(db(), orgs.a.id)).toBe(1);
    await db()
      .update(subscriptions)
      .set({ categoryId: null })
      .where(and(eq(subscriptions.organizationId, orgs.a.id), eq(subscriptions.id, orgs.a.apps[0]!)));
    await expectCellsEqualRollup('a');
    await db()
      .update(subscriptions)
      .set({ archivedAt: new Date('2026-03-05T00:00:00Z') })
      .where(and(eq(subscriptions.organizationId, orgs.a.id), eq(subscriptions.id, orgs.a.apps[2]!)));
    await addExpense(orgs.a.id, { date: '2026-03-03', amountMinor: 50, subscriptionId: orgs.a.apps[2] });
    await expectCellsEqualRollup('a');
  });

  it('follow allocation shares as they change', async () => {
    const d = orgs.a.scope.defaults;
    await allocate(db(), orgs.a.id, 'subscription', orgs.a.apps[0]!, [
      { entityId: otherEntity.id, brandId: otherBrand.id, basisPoints: 6000 },
      { entityId: d.entityId, brandId: d.brandId, basisPoints: 4000 },
    ]);
    await expectCellsEqualRollup('a');
    await db().execute(
      sql`update allocation_shares set basis_points = 10000 - basis_points where organization_id = ${orgs.a.id} and target_id = ${orgs.a.apps[0]!}`,
    );
    await expectCellsEqualRollup('a');
    await db().execute(
      sql`delete from allocation_shares where organization_id = ${orgs.a.id} and target_id = ${orgs.a.apps[1]!}`,
    );
    await expectCellsEqualRollup('a');
  });

  it('follow a rate added for charges that had none', async () => {
    await db().execute(
      sql`insert into fx_rates (organization_id, date, base, quote, rate) values (${orgs.a.id}, '2026-03-01', 'GBP', 'USD', '1.27')`,
    );
    await expectCellsEqualRollup('a');
  });

  it("never mix one organization's spend into another's, and actualSpend reads them once current", async () => {
    // Organization B saw none of A's writes: nothing to catch up.
    expect(await spendCellsCurrent(db(), orgs.b.id)).toBe(true);
    const [bCells] = await db()
      .select({
        n: sql<number>`count(*)::int`,
        subs: sql<string[]>`array_agg(distinct subscription_id::text)`,
      })
      .from(analyticsSpendCells)
      .where(eq(analyticsSpendCells.organizationId, orgs.b.id));
    expect(
      bCells!.subs.every((s) => [...orgs.b.apps, '00000000-0000-0000-0000-000000000000'].includes(s)),
    ).toBe(true);
    for (const org of ['a', 'b'] as const) {
      expect(sorted(await actualSpend(db(), orgs[org].scope, ['application'], true))).toEqual(
        sorted(await actualSpendFromRollup(db(), orgs[org].scope, ['application'], true)),
      );
    }
    expect(sorted(await actualSpend(db(), orgs.a.scope, ['none'], false))).not.toEqual(
      sorted(await actualSpend(db(), orgs.b.scope, ['none'], false)),
    );
  });
});
