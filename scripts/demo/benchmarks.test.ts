import { describe, expect, it } from 'vitest';
import { PEER_MIN_ORGANIZATIONS, type SubscriptionBenchmark } from '../../common/contracts/benchmarks';
import { fixedClock } from '../../server/lib/clock';
import { aggregatePeerBenchmarks } from '../../server/modules/benchmarks';
import { api, buildOrgOwner, setPlan } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';

const clock = fixedClock('2026-03-10T12:00:00Z');
const server = useTestServer({ clock });

async function loadDemo() {
  const owner = await buildOrgOwner(server.app);
  const client = api(server.app, owner.cookie);
  expect((await client.post('/api/demo')).statusCode).toBe(201);
  const items: Array<{ id: string; catalogSlug: string | null; name: string; status: string }> = (
    await client.get('/api/subscriptions?pageSize=100')
  ).json().items;
  const benchmark = async (id: string) =>
    (await client.get(`/api/benchmarks/${id}`)).json() as SubscriptionBenchmark;
  return { owner, client, items, benchmark };
}

describe('demo company: benchmarks', () => {
  it('on Starter has its 3 benchmark tools chosen, applications with a list price', async () => {
    const { client, items, benchmark } = await loadDemo();
    const selection = (await client.get('/api/benchmarks/selection')).json();
    expect(selection.limit).toBe(3);
    expect(selection.subscriptionIds).toHaveLength(3);
    for (const id of selection.subscriptionIds) {
      const found = await benchmark(id);
      expect(found.selected).toBe(true);
      expect(found.prices.some((p) => p.listUnavailable === 'no_list_price' || p.list)).toBe(true);
      expect(found.prices.every((p) => p.listUnavailable !== 'not_selected')).toBe(true);
    }
    const other = items.find((i) => i.catalogSlug && !selection.subscriptionIds.includes(i.id))!;
    expect((await benchmark(other.id)).selected).toBe(false);
  });

  it('on Scale shows peer figures for its main applications once the nightly aggregation ran', async () => {
    const { owner, items, benchmark } = await loadDemo();
    await setPlan(server.database.db, owner.orgId, 'scale');
    const run = await aggregatePeerBenchmarks(server.database.db, clock.now());
    // Both demo companies and their eight peers.
    expect(run.contributors).toBeGreaterThanOrEqual(10);
    let checked = 0;
    for (const slug of ['slack', 'google-workspace', 'zoom', 'notion', 'figma', 'miro']) {
      const app = items.find((i) => i.catalogSlug === slug && i.status !== 'cancelled');
      if (!app) continue;
      checked += 1;
      const found = await benchmark(app.id);
      const withPeers = found.prices.filter((p) => p.peer);
      expect(withPeers.length, `${slug}: ${JSON.stringify(found.prices)}`).toBeGreaterThan(0);
      for (const { peer, price } of withPeers) {
        expect(peer!.organizations).toBeGreaterThanOrEqual(PEER_MIN_ORGANIZATIONS);
        expect(peer!.seatBand).toBe(price.seatBand);
        expect(peer!.p25Minor).toBeLessThanOrEqual(peer!.medianMinor);
        expect(peer!.medianMinor).toBeLessThanOrEqual(peer!.p75Minor);
        expect(peer!.percentile).not.toBeNull();
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});
