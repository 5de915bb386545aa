import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenses, notifications, organizations } from '../../server/db/schema';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner } from '../../server/test/factories';
import { getTestServer, type TestServer } from '../../server/test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ clock: fixedClock('2026-05-20T09:00:00Z') });
});
afterAll(() => server.close());

describe('demo expenses and budgets', () => {
  it('fills a year of matched charges, a review queue, two discoveries, a price increase and three budgets', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    expect((await client.post('/api/demo')).statusCode).toBe(201);
    const db = server.database.db;
    await db.update(organizations).set({ subscriptionPlan: 'pro' }).where(eq(organizations.id, owner.orgId));

    const ledger = (await client.get('/api/expenses?limit=1')).json();
    expect(ledger.total).toBeGreaterThan(300);
    const rows = await db.select().from(expenses).where(eq(expenses.organizationId, owner.orgId));
    const months = new Set(rows.map((r) => r.date.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    expect(rows.some((r) => r.source === 'invoice' && r.invoiceNumber)).toBe(true);
    expect(rows.filter((r) => r.matchStatus === 'matched').length / rows.length).toBeGreaterThan(0.8);

    const unmatched = (await client.get('/api/expenses?match=unmatched')).json().total;
    expect(unmatched).toBeGreaterThanOrEqual(6 + 24);
    const discoveries = (await client.get('/api/expenses/discoveries')).json();
    expect(discoveries).toHaveLength(2);
    // Never an application the company already has.
    const registered = (await client.get('/api/subscriptions?pageSize=500'))
      .json()
      .items.map((a: { catalogSlug: string | null }) => a.catalogSlug);
    for (const d of discoveries) expect(registered).not.toContain(d.catalogSlug);
    expect(
      discoveries.every(
        (d: { billingCycle: string; occurrences: number }) =>
          d.billingCycle === 'monthly' && d.occurrences === 12,
      ),
    ).toBe(true);

    const raised = rows.filter((r) => r.overExpectedPercent === 20);
    expect(raised.length).toBeGreaterThanOrEqual(3);
    const alerts = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organizationId, owner.orgId), eq(notifications.type, 'cost-alert')));
    expect(alerts.length).toBeGreaterThanOrEqual(3);

    const list = (await client.get('/api/budgets')).json();
    expect(list).toHaveLength(3);
    const nearly = list.find((b: { period: string }) => b.period === 'quarterly');
    expect(nearly.status.actualPercent).toBeGreaterThanOrEqual(85);
    expect(nearly.status.actualPercent).toBeLessThan(100);
    expect(nearly.status.state).toBe('at-risk');
    expect(list.find((b: { period: string }) => b.period === 'annual').status.state).toBe('on-track');
  });
});
