import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingCycle } from '../../common/billing';
import { dueInWindowMinor, isContractRenewal, UPCOMING_RENEWAL_DAYS } from '../../common/renewal-window';
import { cycleCostOf } from '../modules/renewals';
import { organizations, subscriptions } from './schema';
import { isLiveApplication } from './live-applications';
import { fixedClock } from '../lib/clock';
import { api, buildOrgOwner } from '../test/factories';
import { setPlan } from '../test/factories';
import { multipartFile } from '../test/multipart';
import { getTestServer, type TestServer } from '../test/test-server';

// The rollups (migration 0015) against a full recomputation after every kind of write, in a random
// order: service writes, bulk actions, imports, raw SQL and cascades all go through the triggers.

let server: TestServer;
const clock = fixedClock('2026-03-10T12:00:00Z');
beforeAll(async () => {
  server = await getTestServer({ clock });
});
afterAll(() => server.close());

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) =>
  (await server.database.db.execute(query)).rows.map((r: Row) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? String(v) : String(v)])),
  );

const subscriptionRollup = (orgId: string) =>
  rows(sql`select currency, status, archived, count, monthly_minor, annual_minor from subscription_totals
    where organization_id = ${orgId} and (count <> 0 or monthly_minor <> 0 or annual_minor <> 0)
    order by 1, 2, 3`);
const subscriptionRecount = (orgId: string) =>
  rows(sql`select currency, status, archived_at is not null as archived, count(*) as count,
      sum(monthly_cost_minor) as monthly_minor, sum(annual_cost_minor) as annual_minor
    from subscriptions where organization_id = ${orgId} group by 1, 2, 3 order by 1, 2, 3`);
const expenseRollup = (orgId: string) =>
  rows(sql`select date::text, currency, match_status, count, amount_minor from expense_day_totals
    where organization_id = ${orgId} and (count <> 0 or amount_minor <> 0) order by 1, 2, 3`);
const expenseRecount = (orgId: string) =>
  rows(sql`select date::text, currency, match_status, count(*) as count, sum(amount_minor) as amount_minor
    from expenses where organization_id = ${orgId} group by 1, 2, 3 order by 1, 2, 3`);

/** Deterministic pseudo-random numbers (mulberry32), so a failure replays. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
  };
}

const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
const STATUSES = ['active', 'trial', 'paused', 'cancelled'] as const;
const CYCLES = ['monthly', 'quarterly', 'annual', 'weekly'] as const;

async function owner() {
  const user = await buildOrgOwner(server.app);
  await setPlan(server.database.db, user.orgId, 'pro');
  return { ...user, client: api(server.app, user.cookie) };
}

/** Random writes both rollup tests make: archive, restore, and a bulk status change of some of `ids`. */
function archiveRestoreAndBulkStatus(
  client: Awaited<ReturnType<typeof owner>>['client'],
  ids: string[],
  rnd: ReturnType<typeof random>,
) {
  return [
    async () => {
      if (ids.length) await client.delete(`/api/subscriptions/${rnd.pick(ids)}`);
    },
    async () => {
      if (ids.length) await client.post(`/api/subscriptions/${rnd.pick(ids)}/restore`);
    },
    async () => {
      const chosen = ids.filter(() => rnd.int(2) === 0);
      if (chosen.length)
        await client.post('/api/subscriptions/bulk', { ids: chosen, set: { status: rnd.pick(STATUSES) } });
    },
  ];
}

describe('subscription totals rollup', () => {
  it('equals a full recomputation after each of 40 random writes, and so do the list and dashboard', async () => {
    const { orgId, client } = await owner();
    const rnd = random(15);
    const ids: string[] = [];
    const randomTerms = () => ({
      amountMinor: rnd.int(1_000_000) + 1,
      currency: rnd.pick(CURRENCIES),
      status: rnd.pick(STATUSES),
      billingCycle: rnd.pick(CYCLES),
    });
    const writes = [
      async () => {
        const res = await client.post('/api/subscriptions', { name: `App ${ids.length}`, ...randomTerms() });
        expect(res.statusCode).toBe(201);
        ids.push(res.json().id);
      },
      async () => {
        const terms = randomTerms();
        const edit = rnd.pick([
          { amountMinor: terms.amountMinor },
          { status: terms.status },
          { currency: terms.currency },
          { billingCycle: terms.billingCycle },
          { notes: 'only notes' },
        ]);
        if (ids.length)
          expect((await client.patch(`/api/subscriptions/${rnd.pick(ids)}`, edit)).statusCode).toBe(200);
      },
      ...archiveRestoreAndBulkStatus(client, ids, rnd),
      async () => {
        const chosen = ids.filter(() => rnd.int(3) === 0);
        if (chosen.length) await client.post('/api/subscriptions/bulk-archive', { ids: chosen });
      },
      async () => {
        const csv = `Application,Monthly Cost,Currency,Status\nImported ${ids.length},${rnd.int(9000) + 1}.${rnd.int(90) + 10},${rnd.pick(CURRENCIES)},${rnd.pick(STATUSES)}\nSecond ${ids.length},12.34,EUR,active\n`;
        const preview = (
          await client.post('/api/subscriptions/import/preview', { csv, filename: 'apps.csv' })
        ).json();
        const commit = await client.post('/api/subscriptions/import/commit', {
          importId: preview.importId,
          mapping: preview.mapping,
        });
        expect(commit.statusCode).toBe(201);
      },
      async () => {
        // A path outside the services (scripts, maintenance): raw SQL updates and deletes.
        const id = ids.length ? ids.splice(rnd.int(ids.length), 1)[0] : null;
        if (id) await server.database.db.delete(subscriptions).where(eq(subscriptions.id, id));
        await server.database.db.execute(
          sql`update subscriptions set monthly_cost_minor = monthly_cost_minor + 1 where organization_id = ${orgId} and status = 'trial'`,
        );
      },
    ];
    for (let i = 0; i < 40; i += 1) {
      await rnd.pick(writes)();
      expect(await subscriptionRollup(orgId)).toEqual(await subscriptionRecount(orgId));
    }
    expect((await subscriptionRollup(orgId)).length).toBeGreaterThan(2);

    // What users see: the rollup-backed answers equal the scanned ones (an empty search still takes the scanning path).
    const viaRollup = (await client.get('/api/subscriptions?archived=all')).json().totals;
    const scanned = (await client.get('/api/subscriptions?archived=all&q=')).json().totals;
    expect(viaRollup).toEqual(scanned);
    const live = (await client.get('/api/subscriptions')).json();
    const [recount] = await rows(sql`select count(*) filter (where status in ('active', 'trial')) as apps,
        coalesce(sum(monthly_cost_minor) filter (where status in ('active', 'trial') and currency = 'USD'), 0) as monthly
      from subscriptions where organization_id = ${orgId} and archived_at is null`);
    const summary = (await client.get('/api/dashboard/summary')).json();
    expect({ apps: String(summary.applications), monthly: String(summary.monthlySpendMinor) }).toEqual(
      recount,
    );
    expect(live.total).toBe(
      live.totals.byCurrency.reduce((n: number, t: { count: number }) => n + t.count, 0),
    );
  });

  it('is deleted with its organization, and a refused write changes nothing', async () => {
    const { orgId, client } = await owner();
    expect((await client.post('/api/subscriptions', { name: 'Slack', amountMinor: 800 })).statusCode).toBe(
      201,
    );
    expect((await client.post('/api/subscriptions', { name: '', amountMinor: -1 })).statusCode).toBe(400);
    expect(await subscriptionRollup(orgId)).toEqual(await subscriptionRecount(orgId));
    await server.database.db.delete(organizations).where(eq(organizations.id, orgId));
    expect(await rows(sql`select 1 from subscription_totals where organization_id = ${orgId}`)).toEqual([]);
  });
});

const calendarRollup = (orgId: string) =>
  rows(sql`select renewal_date::text, currency, billing_cycle, interval_months, anchor_day, charges_from::text,
      count, cycle_cost_minor from renewal_calendar where organization_id = ${orgId} and (count <> 0 or cycle_cost_minor <> 0)
    order by 1, 2, 3, 4, 5, 6`);
const calendarRecount = (orgId: string) =>
  rows(sql`select next_renewal_date::text as renewal_date, currency, billing_cycle,
      case when billing_cycle = 'multi-year' then coalesce(interval_months, 0) else 0 end as interval_months,
      renewal_anchor_day(next_renewal_date, start_date) as anchor_day,
      greatest(next_renewal_date, start_date)::text as charges_from, count(*) as count,
      sum(renewal_cycle_cost_minor(pricing_model, amount_minor, seats, unit_price_minor)) as cycle_cost_minor
    from subscriptions where organization_id = ${orgId} and archived_at is null and status in ('active', 'trial')
      and next_renewal_date is not null
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`);

/** The dashboard's renewal figures computed the direct way: every renewing application, one by one. */
async function renewalsRecount(orgId: string, currency: string, today: string) {
  const s = subscriptions;
  const live = await server.database.db
    .select()
    .from(s)
    .where(and(eq(s.organizationId, orgId), isLiveApplication(s)));
  const upcoming = live
    .filter((row) => row.nextRenewalDate && row.nextRenewalDate >= today)
    .filter((row) => dueWindowHas(row.nextRenewalDate!, today));
  // The dashboard shows contract renewals (annual, multi-year) and recurring charges apart.
  const contracts = upcoming.filter((row) => isContractRenewal(row.billingCycle));
  const recurring = upcoming.filter((row) => !isContractRenewal(row.billingCycle));
  const dueOf = (list: typeof upcoming) =>
    list
      .filter((row) => row.currency === currency)
      .reduce(
        (sum, row) =>
          sum +
          dueInWindowMinor(
            {
              nextRenewalDate: row.nextRenewalDate!,
              billingCycle: row.billingCycle as BillingCycle,
              intervalMonths: row.intervalMonths,
              startDate: row.startDate,
              costPerCycleMinor: cycleCostOf(row),
            },
            today,
            UPCOMING_RENEWAL_DAYS,
          ),
        0,
      );
  return {
    upcomingRenewals: contracts.length,
    renewalsNext30DaysMinor: dueOf(contracts),
    recurringCharges: recurring.length,
    recurringChargesNext30DaysMinor: dueOf(recurring),
    nextRenewals: contracts
      .sort(
        (a, b) =>
          a.nextRenewalDate!.localeCompare(b.nextRenewalDate!) ||
          (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id.localeCompare(b.id)),
      )
      .slice(0, 5)
      .map((row) => row.id),
  };
}
const dueWindowHas = (date: string, today: string) =>
  Date.parse(date) - Date.parse(today) < UPCOMING_RENEWAL_DAYS * 86_400_000;

describe('renewal calendar rollup', () => {
  it('equals a full recomputation, and the dashboard the per-application sum, after each of 60 random writes and on other days', async () => {
    const { orgId, client } = await owner();
    const rnd = random(30);
    const ids: string[] = [];
    // Edges of the window from 2026-03-10 (to 04-08) and of months: month ends, leap day, the day after.
    const RENEWALS = [
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-28',
      '2026-03-31',
      '2026-04-08',
      '2026-04-09',
      '2026-02-28',
      '2026-01-31',
      '2026-04-30',
    ];
    const STARTS = [null, null, '2025-01-31', '2024-02-29', '2025-11-30', '2026-03-20', '2026-04-05'];
    const terms = () => {
      const cycle = rnd.pick(['weekly', 'monthly', 'monthly', 'quarterly', 'annual', 'multi-year'] as const);
      const perSeat = rnd.int(3) === 0;
      return {
        billingCycle: cycle,
        ...(cycle === 'multi-year' ? { intervalMonths: rnd.pick([24, 36]) } : {}),
        ...(perSeat
          ? { pricingModel: 'per-seat', seats: rnd.int(20) + 1, unitPriceMinor: rnd.int(5_000) + 1 }
          : { amountMinor: rnd.int(100_000) + 1 }),
        currency: rnd.pick(CURRENCIES),
        status: rnd.pick(STATUSES),
        nextRenewalDate: rnd.pick(RENEWALS),
        startDate: rnd.pick(STARTS),
      };
    };
    const add = async () => {
      const res = await client.post('/api/subscriptions', { name: `App ${rnd.int(8)}`, ...terms() });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    };
    const writes = [
      add,
      add,
      async () => {
        const t = terms();
        const edit = rnd.pick([
          { nextRenewalDate: t.nextRenewalDate },
          { startDate: t.startDate, nextRenewalDate: t.nextRenewalDate },
          { status: t.status },
          { currency: t.currency },
          { amountMinor: rnd.int(9_000) + 1, pricingModel: 'flat' },
          { billingCycle: t.billingCycle, intervalMonths: t.intervalMonths ?? null },
          { notes: 'only notes' },
        ]);
        if (ids.length)
          expect((await client.patch(`/api/subscriptions/${rnd.pick(ids)}`, edit)).statusCode).toBe(200);
      },
      ...archiveRestoreAndBulkStatus(client, ids, rnd),
      async () => {
        // Outside the services: raw SQL moving dates, breaking pricing (counts as 0), deleting a row.
        const id = ids.length ? ids[rnd.int(ids.length)] : null;
        if (!id) return;
        const change = rnd.pick([
          sql`update subscriptions set next_renewal_date = next_renewal_date + 1 where id = ${id}`,
          sql`update subscriptions set next_renewal_date = null where id = ${id}`,
          sql`update subscriptions set pricing_model = 'per-seat', seats = null where id = ${id}`,
          sql`update subscriptions set start_date = '2026-03-31' where id = ${id}`,
        ]);
        await server.database.db.execute(change);
        if (rnd.int(4) === 0) {
          ids.splice(ids.indexOf(id), 1);
          await server.database.db.delete(subscriptions).where(eq(subscriptions.id, id));
        }
      },
    ];
    const dashboardMatches = async () => {
      const summary = (await client.get('/api/dashboard/summary')).json();
      const today = clock.now().toISOString().slice(0, 10);
      expect({
        upcomingRenewals: summary.upcomingRenewals,
        renewalsNext30DaysMinor: summary.renewalsNext30DaysMinor,
        recurringCharges: summary.recurringCharges,
        recurringChargesNext30DaysMinor: summary.recurringChargesNext30DaysMinor,
        nextRenewals: summary.nextRenewals.map((r: { id: string }) => r.id),
      }).toEqual(await renewalsRecount(orgId, summary.currency, today));
    };
    // Fixed edge cases the random edits leave alone, seen from the other days below: a month-end
    // anchor (Feb 28 renewing next on Mar 31, not Mar 28), monthly twice in a window (Jan 31, Feb 28).
    for (const edge of [
      { nextRenewalDate: '2026-01-31', startDate: '2025-01-31' },
      { nextRenewalDate: '2026-02-28', startDate: '2025-01-31' },
      { nextRenewalDate: '2026-02-28' },
      { nextRenewalDate: '2026-03-12', billingCycle: 'annual' },
      { nextRenewalDate: '2026-03-01', billingCycle: 'weekly', amountMinor: 700 },
    ]) {
      const body = { name: 'Edge', amountMinor: 1_000, billingCycle: 'monthly', ...edge };
      expect((await client.post('/api/subscriptions', body)).statusCode).toBe(201);
    }
    for (let i = 0; i < 60; i += 1) {
      await (i < 10 ? add : rnd.pick(writes))();
      expect(await calendarRollup(orgId)).toEqual(await calendarRecount(orgId));
      await dashboardMatches();
    }
    expect((await calendarRollup(orgId)).length).toBeGreaterThan(6);
    const due = (await client.get('/api/dashboard/summary')).json();
    expect(due.renewalsNext30DaysMinor + due.recurringChargesNext30DaysMinor).toBeGreaterThan(0);
    try {
      // The same rows seen from other days: month ends, a leap-free February, the day after the window.
      for (const day of ['2026-01-31', '2026-02-27', '2026-03-01', '2026-03-31', '2026-04-09']) {
        clock.set(`${day}T12:00:00Z`);
        await dashboardMatches();
        if (day === '2026-01-31') {
          // The Jan 31 edge alone charges twice (Jan 31, Feb 28): 2 × 1,000 at least, in USD.
          expect(
            (await client.get('/api/dashboard/summary')).json().recurringChargesNext30DaysMinor,
          ).toBeGreaterThanOrEqual(2_000);
        }
      }
    } finally {
      clock.set('2026-03-10T12:00:00Z');
    }
  });
});

describe('expense day totals rollup', () => {
  it('equals a full recomputation after each of 30 random writes, imports and matches included', async () => {
    const { orgId, client, cookie } = await owner();
    const app = (
      await client.post('/api/subscriptions', { name: 'Zoom', amountMinor: 1399, currency: 'EUR' })
    ).json();
    const rnd = random(7);
    const ids: string[] = [];
    const date = () => `2026-0${1 + rnd.int(3)}-${String(1 + rnd.int(28)).padStart(2, '0')}`;
    const writes = [
      async () => {
        const body = {
          date: date(),
          amountMinor: rnd.int(100_000) + 1,
          currency: rnd.pick(CURRENCIES),
          merchant: `Shop ${rnd.int(5)}`,
        };
        const res = await client.post('/api/expenses', body);
        expect(res.statusCode).toBe(201);
        ids.push(res.json().id);
      },
      async () => {
        const edit = rnd.pick([
          { amountMinor: rnd.int(5000) + 1 },
          { date: date() },
          { currency: rnd.pick(CURRENCIES) },
          { notes: 'n' },
        ]);
        if (ids.length)
          expect((await client.patch(`/api/expenses/${rnd.pick(ids)}`, edit)).statusCode).toBe(200);
      },
      async () => {
        if (ids.length)
          expect(
            (await client.delete(`/api/expenses/${ids.splice(rnd.int(ids.length), 1)[0]}`)).statusCode,
          ).toBe(204);
      },
      async () => {
        const chosen = ids.filter(() => rnd.int(2) === 0);
        if (chosen.length)
          await client.post('/api/expenses/bulk', { ids: chosen, action: 'match', subscriptionId: app.id });
      },
      async () => {
        if (ids.length) await client.post(`/api/expenses/${rnd.pick(ids)}/match`, { subscriptionId: null });
      },
      async () => {
        const csv = `Date,Description,Amount\n${date()},ZOOM.US 888,-13.99\n${date()},Coffee,-4.50\n`;
        const part = multipartFile('statement.csv', csv);
        const uploaded = await server.app.inject({
          method: 'POST',
          url: '/api/expenses/import',
          payload: part.payload,
          headers: { ...part.headers, cookie },
        });
        expect(uploaded.statusCode).toBe(201);
        const { batchId } = uploaded.json();
        await client.post(`/api/expenses/import/${batchId}/preview`, { defaultCurrency: 'EUR' });
        await client.post(`/api/expenses/import/${batchId}/commit`, {
          defaultCurrency: 'EUR',
          keepAllDuplicates: true,
        });
        if (rnd.int(2) === 0) await client.delete(`/api/expenses/import/${batchId}`);
      },
    ];
    for (let i = 0; i < 30; i += 1) {
      await rnd.pick(writes)();
      expect(await expenseRollup(orgId)).toEqual(await expenseRecount(orgId));
    }
    expect((await expenseRollup(orgId)).length).toBeGreaterThan(3);
    const viaRollup = (await client.get('/api/expenses/totals?from=2026-02-01&to=2026-03-15')).json();
    const scanned = (await client.get('/api/expenses/totals?from=2026-02-01&to=2026-03-15&q=')).json();
    expect(viaRollup).toEqual(scanned);
    const matched = (await client.get('/api/expenses?match=matched&limit=1')).json();
    expect(matched.total).toBe((await client.get('/api/expenses/totals?match=matched&q=')).json().total);
  });
});
