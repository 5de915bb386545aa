import { describe, expect, it } from 'vitest';
import { isLiveStatus } from '../../../common/live-applications';
import { fixedClock } from '../../lib/clock';
import { addMember, api, buildOrgOwner } from '../../test/factories';
import { postStreamed } from '../../test/progress';
import { useTestServer } from '../../test/test-server';
import { DEMO_GENERATORS } from '../../../scripts/demo/index';

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

type Item = Record<string, unknown> & { name: string; id: string };
// What makes two demo companies the same: these fields of every application.
const FINGERPRINT_FIELDS = [
  'name',
  'vendorName',
  'categoryName',
  'amountMinor',
  'billingCycle',
  'seats',
  'nextRenewalDate',
  'status',
  'department',
  'noticePeriodDays',
  'autoRenew',
  'tagNames',
] as const;
const fingerprint = (items: Item[]) =>
  items.map((item) => Object.fromEntries(FINGERPRINT_FIELDS.map((field) => [field, item[field]])));

async function loadDemo() {
  const owner = await buildOrgOwner(server.app);
  const client = api(server.app, owner.cookie);
  const res = await client.post('/api/demo');
  return { owner, client, res };
}

describe('demo company', () => {
  it('fills an empty Starter workspace with ~60 realistic applications (no plan limit), once', async () => {
    const { client, res } = await loadDemo();
    expect(res.statusCode).toBe(201);
    // 60 from the catalogue, and the second Zoom and the Webex of the planted savings scenarios.
    expect(res.json().applications).toBe(62);
    const list = (await client.get('/api/subscriptions?pageSize=100&sort=renewalDate')).json();
    expect(list.total).toBe(62);
    const items: Item[] = list.items;
    expect(new Set(items.map((i) => i.categoryName)).size).toBeGreaterThanOrEqual(8);
    expect(items.filter((i) => i.pricingModel === 'per-seat').length).toBeGreaterThan(5);
    expect(items.filter((i) => (i.noticePeriodDays as number) > 0).length).toBeGreaterThan(2);
    expect(
      items.filter((i) => i.autoRenew && (i.daysUntilRenewal as number) <= 10).length,
    ).toBeGreaterThanOrEqual(3);
    const days = items.map((i) => i.daysUntilRenewal as number);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...days)).toBeGreaterThan(180);
    expect(items.every((i) => i.department)).toBe(true);
    const onContract = items.filter((i) => i.contractTermMonths);
    expect(onContract.some((i) => i.billingCycle === 'monthly')).toBe(true);
    // An auto-renewing contract shows the term running now, not the one it started with.
    const soonest = items[0].nextRenewalDate as string; // sorted by renewal date; none has passed
    expect(onContract.filter((i) => i.autoRenew).every((i) => (i.termEndDate as string) >= soonest)).toBe(
      true,
    );
    expect(items.some((i) => i.ownerUserId)).toBe(true);
    expect(list.totals.monthlyMinor).toBeGreaterThan(0);
    const summary = (await client.get('/api/dashboard/summary')).json();
    // The dashboard counts the active and trial ones (the demo also has paused and cancelled ones).
    const live = list.items.filter((s: { status: string }) => isLiveStatus(s.status)).length;
    expect(summary.applications).toBe(live);
    expect(live).toBeGreaterThan(50);
    expect(summary.upcomingRenewals).toBeGreaterThan(0);
    const again = await client.post('/api/demo');
    expect(again.statusCode).toBe(409);
    expect((await client.get('/api/subscriptions')).json().total).toBe(62);
  });

  it('is deterministic: the same seed and day give the same company', async () => {
    const a = await loadDemo();
    const b = await loadDemo();
    const list = async (client: typeof a.client) =>
      fingerprint((await client.get('/api/subscriptions?pageSize=100&sort=name')).json().items);
    expect(await list(a.client)).toEqual(await list(b.client));
  });

  it('is for owners and admins only', async () => {
    const owner = await buildOrgOwner(server.app);
    for (const role of ['member', 'viewer'] as const) {
      const user = await addMember(server.app, server.database.db, owner.orgId, role);
      expect((await api(server.app, user.cookie).post('/api/demo')).statusCode).toBe(403);
    }
    const admin = await addMember(server.app, server.database.db, owner.orgId, 'admin');
    expect((await api(server.app, admin.cookie).post('/api/demo')).statusCode).toBe(201);
  });
});

describe('demo loading progress', () => {
  it('streams each step to a client that asks, then the same 201 answer', async () => {
    const owner = await buildOrgOwner(server.app);
    const res = await postStreamed(server.app, owner.cookie, '/api/demo', {});
    expect(res.statusCode).toBe(200);
    expect(res.contentType).toContain('application/x-ndjson');
    const total = DEMO_GENERATORS.length + 2;
    // One line per part of the company as it is made, then the two steps after the commit.
    const parts = Array.from({ length: DEMO_GENERATORS.length }, (_, i) => i + 1);
    expect(res.progress.map((p) => p.done)).toEqual([...parts, total - 2, total - 1]);
    expect(res.progress.every((p) => p.total === total)).toBe(true);
    expect(res.progress.map((p) => p.phase).slice(-2)).toEqual(['insights', 'invoices']);
    expect(res.outcome).toMatchObject({ status: 201, body: { applications: expect.any(Number) } });
    expect((res.outcome!.body as { applications: number }).applications).toBeGreaterThan(50);
  });
});
