import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, setPlan } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

const fixture = JSON.parse(
  readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../subscriptions/fixtures/wallos-export.json'),
    'utf8',
  ),
) as { success: boolean; subscriptions: Array<Record<string, string>> };

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

async function owner() {
  const user = await buildOrgOwner(server.app);
  await setPlan(server.database.db, user.orgId, 'pro');
  return { ...user, client: api(server.app, user.cookie) };
}

type App = Record<string, unknown> & { name: string };

describe('Wallos import', () => {
  it('imports the Settings → Export JSON with cycles, prices, currencies, states and notice periods', async () => {
    const { client } = await owner();
    const res = await client.post('/api/subscriptions/import/wallos', { data: fixture });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ imported: 10, skipped: 0, totalRows: 10, dryRun: false });
    const items: App[] = (await client.get('/api/subscriptions?pageSize=100')).json().items;
    const by = Object.fromEntries(items.map((a) => [a.name, a]));
    expect(by.GitHub).toMatchObject({
      billingCycle: 'monthly',
      amountMinor: 2_100,
      currency: 'USD',
      nextRenewalDate: '2026-03-28',
      autoRenew: true,
      catalogSlug: 'github',
      categoryName: 'Software',
      paymentMethodName: 'Credit Card',
      url: 'https://github.com/organizations/northwind',
      status: 'active',
    });
    expect(by.GitHub.notes).toBe('Team plan, 5 seats\nPaid by Alex (Wallos).');
    expect(by['1Password']).toMatchObject({
      billingCycle: 'annual',
      amountMinor: 23_940,
      noticePeriodDays: 30,
      cancelByDate: '2026-05-15',
    });
    expect(by['Hetzner Cloud']).toMatchObject({
      currency: 'EUR',
      amountMinor: 3_870,
      paymentMethodName: 'SEPA',
      categoryName: 'Cloud Services',
    });
    expect(by['northwind.io domain']).toMatchObject({
      billingCycle: 'multi-year',
      intervalMonths: 24,
      amountMinor: 3_500,
      monthlyMinor: 146,
    });
    expect(by['Office coffee beans']).toMatchObject({ billingCycle: 'weekly', amountMinor: 1_200 });
    expect(by['Office coffee beans'].notes).toContain('Wallos billed 24.00 USD every 2 weeks');
    expect(by.Spotify).toMatchObject({ status: 'cancelled', currency: 'GBP', amountMinor: 1_199 });
    expect(by.Zoom).toMatchObject({
      autoRenew: false,
      billingCycle: 'annual',
      amountMinor: 14_990,
      categoryName: 'Communication',
    });
    expect(by['Water cooler service']).toMatchObject({ billingCycle: 'monthly', amountMinor: 3_000 });
    expect(by['Financial Times']).toMatchObject({ billingCycle: 'weekly', amountMinor: 950 });
    expect(by['Backblaze B2']).toMatchObject({ billingCycle: 'quarterly', amountMinor: 1_845 });
    const history = (await client.get(`/api/subscriptions/${by.GitHub.id}/history`)).json();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      source: 'import',
      from: null,
      to: { amountMinor: 2_100, billingCycle: 'monthly' },
    });
    const activity = (await client.get(`/api/subscriptions/${by.GitHub.id}/activity`)).json();
    expect(activity.map((a: { action: string }) => a.action)).toEqual(['subscription.import']);
    expect(activity[0].changes).toMatchObject({ kind: 'wallos', imported: 10 });
  });

  it('dry-runs without storing, accepts raw database rows, and refuses bad entries unless skipInvalid', async () => {
    const { client, orgId } = await owner();
    const dry = (
      await client.post('/api/subscriptions/import/wallos', { data: fixture, dryRun: true })
    ).json();
    expect(dry).toMatchObject({ dryRun: true, importId: null, imported: 0, totalRows: 10 });
    expect(dry.rows[0]).toMatchObject({ name: 'GitHub', amountMinor: 2_100 });
    const count = async () =>
      (await server.database.db.select().from(subscriptions).where(eq(subscriptions.organizationId, orgId)))
        .length;
    expect(await count()).toBe(0);

    const broken = {
      ...fixture,
      subscriptions: [
        ...fixture.subscriptions.slice(0, 2),
        { ...fixture.subscriptions[2], Name: 'Bad date', 'Next Payment': '2026-13-01' },
        { ...fixture.subscriptions[3], Name: 'Bad price', Price: '$abc' },
      ],
    };
    const refused = await client.post('/api/subscriptions/import/wallos', { data: broken });
    expect(refused.statusCode).toBe(400);
    // A JSON export has no lines: `line` is the entry number.
    expect(refused.json()).toMatchObject({
      code: 'validation_error',
      errors: [
        { line: 3, field: 'nextRenewalDate', message: expect.any(String) },
        { line: 4, field: 'amount', message: expect.any(String) },
      ],
    });
    expect(await count()).toBe(0);
    const partial = (
      await client.post('/api/subscriptions/import/wallos', { data: broken, skipInvalid: true })
    ).json();
    expect(partial).toMatchObject({ imported: 2, skipped: 2 });

    const raw = [
      {
        id: 1,
        name: 'Netlify',
        price: 19,
        currency_code: 'USD',
        next_payment: '2026-04-02',
        cycle: 3,
        frequency: 1,
        inactive: 0,
        auto_renew: 1,
        notes: '',
        url: 'https://netlify.com',
      },
      {
        id: 2,
        name: 'Old VPN',
        price: 99.99,
        next_payment: '2026-08-01',
        cycle: 4,
        frequency: 1,
        inactive: 1,
        auto_renew: 0,
      },
    ];
    const imported = (await client.post('/api/subscriptions/import/wallos', { data: raw })).json();
    expect(imported.imported).toBe(2);
    const vpn = (await client.get('/api/subscriptions?q=vpn')).json().items[0];
    expect(vpn).toMatchObject({
      billingCycle: 'annual',
      amountMinor: 9_999,
      status: 'cancelled',
      autoRenew: false,
    });
  });

  it('refuses something that is not a Wallos export', async () => {
    const { client } = await owner();
    for (const data of [{ hello: 'world' }, [{ price: 3 }], { subscriptions: [] }]) {
      const res = await client.post('/api/subscriptions/import/wallos', { data });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Wallos/);
    }
  });
});
