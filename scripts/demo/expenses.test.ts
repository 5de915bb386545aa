import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expenses, notifications, organizations } from '../../server/db/schema';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';
import { DEMO_MONTHS } from './context';

const server = useTestServer({ clock: fixedClock('2026-05-20T09:00:00Z') });

describe('demo expenses and budgets', () => {
  it('fills two years of matched charges, a review queue, two discoveries, a price increase and three budgets', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    expect((await client.post('/api/demo')).statusCode).toBe(201);
    const db = server.database.db;
    await db.update(organizations).set({ subscriptionPlan: 'pro' }).where(eq(organizations.id, owner.orgId));

    const ledger = (await client.get('/api/expenses?limit=1')).json();
    expect(ledger.total).toBeGreaterThan(300);
    const rows = await db.select().from(expenses).where(eq(expenses.organizationId, owner.orgId));
    const months = new Set(rows.map((r) => r.date.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(24);
    expect(rows.some((r) => r.source === 'invoice' && r.invoiceNumber)).toBe(true);
    expect(rows.filter((r) => r.matchStatus === 'matched').length / rows.length).toBeGreaterThan(0.8);

    const unmatched = (await client.get('/api/expenses?match=unmatched')).json().total;
    expect(unmatched).toBeGreaterThanOrEqual(6 + 24);
    const discoveries = (await client.get('/api/expenses/discoveries')).json();
    // The two tools nobody registered, and the German entity's three local tools billed in euros (group.ts).
    expect(discoveries).toHaveLength(5);
    expect(discoveries.filter((d: { currency: string }) => d.currency === 'EUR')).toHaveLength(3);
    // Never an application the company already has.
    const registered = (await client.get('/api/subscriptions?pageSize=500'))
      .json()
      .items.map((a: { catalogSlug: string | null }) => a.catalogSlug);
    for (const d of discoveries) expect(registered).not.toContain(d.catalogSlug);
    // Billed every month of the two years.
    expect(
      discoveries.every(
        (d: { billingCycle: string; occurrences: number }) =>
          d.billingCycle === 'monthly' && d.occurrences === DEMO_MONTHS,
      ),
    ).toBe(true);

    const raised = rows.filter((r) => r.overExpectedPercent === 20);
    expect(raised.length).toBeGreaterThanOrEqual(3);
    const alerts = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organizationId, owner.orgId), eq(notifications.type, 'cost-alert')));
    expect(alerts.length).toBeGreaterThanOrEqual(3);

    // Matched charges whose amount moved are in the price history, each naming its charge (issue 31):
    // the raised application's +20 % among them.
    const fromCharges = (
      await db.execute(sql`select c.source_expense_id as "expenseId", (c.current->>'amountMinor')::bigint as "to",
        (c.previous->>'amountMinor')::bigint as "from" from subscription_price_changes c
        where c.organization_id = ${owner.orgId} and c.source = 'charge'`)
    ).rows as Array<{ expenseId: string; from: number; to: number }>;
    expect(fromCharges.length).toBeGreaterThan(0);
    const raisedIds = new Set(raised.map((r) => r.id));
    expect(fromCharges.some((c) => raisedIds.has(c.expenseId) && Number(c.to) > Number(c.from))).toBe(true);

    const list = (await client.get('/api/budgets')).json();
    expect(list).toHaveLength(3);
    const nearly = list.find((b: { period: string }) => b.period === 'quarterly');
    expect(nearly.status.actualPercent).toBeGreaterThanOrEqual(85);
    expect(nearly.status.actualPercent).toBeLessThan(100);
    expect(nearly.status.state).toBe('at-risk');
    expect(list.find((b: { period: string }) => b.period === 'annual').status.state).toBe('on-track');

    // A small group (group.ts): two entities in two currencies, three brands, split applications,
    // euro charges converted at their own dates, two years of revenue per brand.
    const count = async (query: ReturnType<typeof sql>) => Number((await db.execute(query)).rows[0]!.n);
    expect(
      await count(
        sql`select count(distinct functional_currency) as n from entities where organization_id = ${owner.orgId}`,
      ),
    ).toBe(2);
    expect(await count(sql`select count(*) as n from brands where organization_id = ${owner.orgId}`)).toBe(3);
    expect(
      await count(sql`select count(*) as n from (select target_id from allocation_shares where organization_id = ${owner.orgId}
        and target_kind = 'subscription' group by 1 having count(*) > 1 and sum(basis_points) = 10000) x`),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await count(sql`select count(*) as n from (select target_id from allocation_shares where organization_id = ${owner.orgId}
        group by target_kind, target_id having sum(basis_points) <> 10000) x`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from brand_revenue where organization_id = ${owner.orgId}`),
    ).toBe(72);
    const euros = (
      await db.execute(sql`select sum(amount_minor)::bigint as amount, sum(converted_minor)::float8 as converted,
        sum(unconverted_count)::int as missing from expense_month_totals where organization_id = ${owner.orgId} and currency = 'EUR'`)
    ).rows[0]!;
    expect(Number(euros.amount)).toBeGreaterThan(0);
    expect(euros.missing).toBe(0);
    expect(Number(euros.converted) / Number(euros.amount)).toBeGreaterThan(1.02);
    expect(Number(euros.converted) / Number(euros.amount)).toBeLessThan(1.16);
  });
});
