import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner, setPlan } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';
import { DEMO_DEPARTMENTS, DEMO_EMAIL_DOMAIN } from './people';

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

interface PersonItem {
  id: string;
  email: string;
  department: string;
  team: string | null;
  status: string;
  managerId: string | null;
  licenses: unknown[];
}

async function demoOrg() {
  const owner = await buildOrgOwner(server.app);
  const client = api(server.app, owner.cookie);
  const loaded = await client.post('/api/demo');
  expect(loaded.statusCode).toBe(201);
  await setPlan(server.database.db, owner.orgId, 'pro');
  const pages = await Promise.all([1, 2].map((page) => client.get(`/api/people?pageSize=200&page=${page}`)));
  const people: PersonItem[] = pages.flatMap((p) => p.json().items);
  return { client, loaded: loaded.json(), people, list: pages[0].json() };
}

describe('demo company: people and licenses', () => {
  it('has ~150 people over six departments with teams and managers; two leavers still hold seats', async () => {
    const { loaded, people, list } = await demoOrg();
    expect(loaded).toMatchObject({ people: 150 });
    expect(people).toHaveLength(150);
    expect(new Set(people.map((p) => p.department))).toEqual(new Set(DEMO_DEPARTMENTS.map((d) => d.name)));
    expect(people.every((p) => p.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`))).toBe(true);
    expect(people.filter((p) => p.managerId === null)).toHaveLength(1);
    const gone = people.filter((p) => p.status === 'offboarded');
    expect(gone).toHaveLength(5);
    expect(gone.filter((p) => p.licenses.length > 0)).toHaveLength(2);
    expect(list.offboardedWithLicenses).toBe(2);
  });

  it('has pools for per-seat applications with realistic activity, waste and one over-assigned pool', async () => {
    const { client, loaded } = await demoOrg();
    const overview = (await client.get('/api/licenses')).json();
    const perSeat = (await client.get('/api/subscriptions?pageSize=100'))
      .json()
      .items.filter(
        (a: { pricingModel: string; status: string }) =>
          a.pricingModel === 'per-seat' && a.status !== 'cancelled',
      );
    expect(overview.applications.length).toBe(perSeat.length);
    expect(overview.totals.pools).toBe(loaded.licensePools);
    expect(overview.totals.assigned).toBe(loaded.assignments);
    const pools = overview.applications.flatMap(
      (a: { pools: Array<{ utilisation: Record<string, number | boolean> }> }) => a.pools,
    );
    expect(pools.some((p: { tierName: string }) => p.tierName === 'Guest')).toBe(true);
    const u = pools.map((p: { utilisation: Record<string, number | boolean> }) => p.utilisation);
    expect(u.filter((x: Record<string, number | boolean>) => x.overAssigned)).toHaveLength(1);
    expect(
      u.filter((x: Record<string, number | boolean>) => (x.unassigned as number) > 0).length,
    ).toBeGreaterThan(pools.length / 2);
    const active = overview.totals.active / overview.totals.assigned;
    expect(active).toBeGreaterThan(0.45);
    expect(active).toBeLessThan(0.8);
    expect(overview.applications.filter((a: { hasUsageData: boolean }) => !a.hasUsageData)).toHaveLength(2);
    expect(overview.totals.wasteYearly[0].amountMinor).toBeGreaterThan(0);
    // Seat history over the two years: people active in most months, more of them lately.
    const activity = (await client.get('/api/product-analytics/active-users?from=2024-04&to=2026-03')).json();
    const months: Array<{ active: number }> = activity.series[0].points;
    expect(months).toHaveLength(24);
    expect(months.filter((m) => m.active > 0).length).toBeGreaterThanOrEqual(18);
    const sum = (part: Array<{ active: number }>) => part.reduce((n, m) => n + m.active, 0);
    expect(sum(months.slice(12))).toBeGreaterThan(sum(months.slice(0, 12)));
    const setup = (await client.get('/api/team-tools')).json();
    expect(setup.groups).toHaveLength(6);
  });

  it('is deterministic', async () => {
    const a = await demoOrg();
    const b = await demoOrg();
    const shape = (people: PersonItem[]) =>
      people.map((p) => [p.email, p.department, p.team, p.status, p.licenses.length]).sort();
    expect(shape(a.people)).toEqual(shape(b.people));
  });
});
