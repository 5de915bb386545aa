import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainEvents, subscriptions } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, setPlan } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

async function owner() {
  const user = await buildOrgOwner(server.app);
  await setPlan(server.database.db, user.orgId, 'pro');
  const client = api(server.app, user.cookie);
  // Slack from the catalogue ($1,000 a month) and a home-grown tool matched by name and vendor.
  const slack = await client.post('/api/subscriptions', {
    name: 'Slack',
    catalogSlug: 'slack',
    amountMinor: 100_000,
    currency: 'USD',
    billingCycle: 'monthly',
  });
  expect(slack.statusCode).toBe(201);
  const tool = await client.post('/api/subscriptions', {
    name: 'Zürich Tools',
    vendorName: 'Café Corp',
    amountMinor: 5_000,
    currency: 'USD',
    billingCycle: 'monthly',
  });
  expect(tool.statusCode).toBe(201);
  return { ...user, client, slackId: slack.json().id as string, toolId: tool.json().id as string };
}

const CSV = [
  'Name,Vendor,Cost,Currency,Billing cycle',
  'Slack,,2000,USD,monthly',
  'zurich  TOOLS,CAFE corp,50,USD,monthly',
  'Brand New Tool,Someone,10,USD,monthly',
].join('\n');

const appsNamed = (orgId: string, name: string) =>
  server.database.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.name, name)));

const annual = async (client: ReturnType<typeof api>) =>
  (await client.get('/api/dashboard/summary')).json().annualSpendMinor as number;

describe('applications import: rows that already exist', () => {
  it('previews which rows match an existing application, and why', async () => {
    const { client, slackId, toolId } = await owner();
    const res = await client.post('/api/subscriptions/import/preview', { csv: CSV });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.rows.map((r: { existing: unknown }) => r.existing)).toEqual([
      { id: slackId, label: 'Slack', matchedBy: 'catalog' },
      { id: toolId, label: 'Zürich Tools', matchedBy: 'name_vendor' },
      null,
    ]);
    expect(preview.matchedRows).toBe(2);
    expect(preview.matched.map((m: { row: number }) => m.row)).toEqual([1, 2]);
  });

  it('skips matched rows by default: no second copy, the run rate counts them once', async () => {
    const { client, orgId } = await owner();
    const before = await annual(client);
    const res = await client.post('/api/subscriptions/import/commit', { csv: CSV });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created: 1, updated: 0, skippedExisting: 2, imported: 1 });
    expect(await appsNamed(orgId, 'Slack')).toHaveLength(1);
    expect((await appsNamed(orgId, 'Slack'))[0].amountMinor).toBe(100_000);
    expect(await annual(client)).toBe(before + 12_000);
  });

  it('update: the existing application takes the file amount, with price history and an event', async () => {
    const { client, orgId, slackId } = await owner();
    const res = await client.post('/api/subscriptions/import/commit', {
      csv: CSV,
      decisions: { default: 'skip', rows: [{ row: 1, decision: 'update' }] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created: 1, updated: 1, skippedExisting: 1 });
    const slack = await appsNamed(orgId, 'Slack');
    expect(slack).toHaveLength(1);
    expect(slack[0]).toMatchObject({ id: slackId, amountMinor: 200_000, catalogSlug: 'slack' });
    const history = (await client.get(`/api/subscriptions/${slackId}/history`)).json();
    // The fixed clock gives the creation and the change the same instant: find the change.
    expect(history.find((h: { from: unknown }) => h.from !== null)).toMatchObject({
      from: { amountMinor: 100_000 },
      to: { amountMinor: 200_000 },
    });
    const events = await server.database.db
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.organizationId, orgId), eq(domainEvents.type, 'subscription.price_changed')),
      );
    expect(events.map((e) => e.payload)).toEqual([{ subscriptionIds: [slackId] }]);
    // Only mapped columns change: the vendor column was empty for Slack, so its vendor stays.
    expect((await appsNamed(orgId, 'Zürich Tools'))[0].amountMinor).toBe(5_000);
  });

  it('create for all matched rows makes second copies', async () => {
    const { client, orgId } = await owner();
    const res = await client.post('/api/subscriptions/import/commit', {
      csv: CSV,
      decisions: { default: 'create' },
    });
    expect(res.json()).toMatchObject({ created: 3, updated: 0, skippedExisting: 0 });
    expect(await appsNamed(orgId, 'Slack')).toHaveLength(2);
  });

  it('flags a row that repeats an earlier row of the same file and skips it by default', async () => {
    const { client, orgId } = await owner();
    const csv = 'Name,Vendor,Cost\nLocal Thing,Acme,10\nlocal thing,ACME,12\n';
    const preview = (await client.post('/api/subscriptions/import/preview', { csv })).json();
    expect(preview.rows[1]).toMatchObject({ existing: null, duplicateOfRow: 1 });
    const res = await client.post('/api/subscriptions/import/commit', { csv });
    expect(res.json()).toMatchObject({ created: 1, skippedExisting: 1 });
    expect(await appsNamed(orgId, 'Local Thing')).toHaveLength(1);
  });

  it('an application stored without a vendor matches on its name; different vendors do not match', async () => {
    const { client } = await owner();
    await client.post('/api/subscriptions', { name: 'Legacy Wiki', amountMinor: 0 });
    const csv = 'Name,Vendor,Cost\nlegacy wiki,Acme,10\nZurich Tools,Other Corp,10\n';
    const preview = (await client.post('/api/subscriptions/import/preview', { csv })).json();
    expect(preview.rows[0].existing).toMatchObject({ label: 'Legacy Wiki', matchedBy: 'name_vendor' });
    expect(preview.rows[1].existing).toBeNull();
  });

  it("never matches another organization's applications", async () => {
    await owner(); // another company with Slack
    const user = await buildOrgOwner(server.app);
    await setPlan(server.database.db, user.orgId, 'pro');
    const client = api(server.app, user.cookie);
    const preview = (await client.post('/api/subscriptions/import/preview', { csv: CSV })).json();
    expect(preview.matchedRows).toBe(0);
    const res = await client.post('/api/subscriptions/import/commit', { csv: CSV });
    expect(res.json()).toMatchObject({ created: 3, skippedExisting: 0 });
  });

  it('refuses choices for rows the file does not have, and stores nothing', async () => {
    const { client, orgId } = await owner();
    const res = await client.post('/api/subscriptions/import/commit', {
      csv: CSV,
      decisions: { rows: [{ row: 9, decision: 'update' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(await appsNamed(orgId, 'Brand New Tool')).toHaveLength(0);
    const bad = await client.post('/api/subscriptions/import/commit', {
      csv: CSV,
      decisions: { default: 'merge' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('Wallos: a dry run lists matched entries; the commit skips them unless told', async () => {
    const { client, orgId } = await owner();
    const data = [
      { Name: 'Slack', 'Payment Cycle': 'Monthly', Price: '$20.00', 'Next Payment': '2026-04-01' },
      { Name: 'Netflix', 'Payment Cycle': 'Monthly', Price: '$15.49', 'Next Payment': '2026-04-02' },
    ];
    const dry = (await client.post('/api/subscriptions/import/wallos', { data, dryRun: true })).json();
    expect(dry.matched).toMatchObject([{ row: 1, existing: { label: 'Slack', matchedBy: 'catalog' } }]);
    const res = await client.post('/api/subscriptions/import/wallos', { data });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created: 1, skippedExisting: 1 });
    expect(await appsNamed(orgId, 'Slack')).toHaveLength(1);
  });
});
