import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths } from '../../common/dates';
import { OPPORTUNITY_TYPES } from '../../common/insights/opportunity';
import { resolveInsightSettings } from '../../common/insights/settings';
import { insightOpportunities } from '../../server/db/schema';
import { fixedClock } from '../../server/lib/clock';
import { detectFindings, detectOpportunities } from '../../server/modules/insights';
import { loadInsightSnapshot } from '../../server/modules/insights/load-snapshot.repo';
import { api, buildOrgOwner } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';

const clock = fixedClock('2026-03-10T12:00:00Z');
const server = useTestServer({ clock });

async function demoOn(day: string) {
  clock.set(`${day}T12:00:00Z`);
  const owner = await buildOrgOwner(server.app);
  expect((await api(server.app, owner.cookie).post('/api/demo')).statusCode).toBe(201);
  const db = server.database.db;
  const snapshot = await loadInsightSnapshot(db, owner.orgId, day);
  // Every detector's own findings (Insights shows an application's seat and price findings as one decision).
  const found = detectFindings(snapshot, resolveInsightSettings(undefined));
  const opportunities = detectOpportunities(snapshot, resolveInsightSettings(undefined));
  const realized = await db
    .select()
    .from(insightOpportunities)
    .where(
      and(eq(insightOpportunities.organizationId, owner.orgId), eq(insightOpportunities.state, 'realized')),
    );
  return { found, opportunities, realized };
}

describe('demo company: savings opportunities', () => {
  // Two days far apart: the planted waste does not depend on where today falls in the demo's cycles.
  it.each(['2026-03-10', '2026-09-23'])(
    'on %s every detector finds something, with a saving where a price is known',
    async (day) => {
      const { found, opportunities, realized } = await demoOn(day);
      for (const type of OPPORTUNITY_TYPES) {
        const ofType = found.filter((o) => o.type === type);
        expect(ofType.length, type).toBeGreaterThan(0);
        // Shadow IT never claims a saving (someone decides first), nor does a lower tier (a review
        // until someone knows its features suffice, issue 32); every other kind shows one here.
        if (type !== 'shadow_it' && type !== 'tier_right_sizing')
          expect(
            ofType.some((o) => (o.saving?.annualMinor ?? 0) > 0),
            type,
          ).toBe(true);
        for (const o of ofType.filter((x) => x.saving)) {
          expect(o.claims.reduce((n, c) => n + c.annualMinor, 0)).toBe(o.saving!.annualMinor);
        }
      }
      const titles = found.map((o) => o.title);
      expect(titles).toContain('Zoom is paid for 2 times');
      expect(titles).toContain('3 tools for video meetings');
      expect(titles.some((t) => /’s owner has left$/.test(t))).toBe(true);
      expect(titles.some((t) => /is still charging after cancellation$/.test(t))).toBe(true);
      const atRisk = found.filter((o) => o.type === 'renewal_at_risk');
      expect(atRisk.some((o) => o.evidence[0].figures['Notice days'] === 30)).toBe(true);

      // The savings ledger's history: realized over the past months, from both sources.
      expect(realized.length).toBeGreaterThanOrEqual(4);
      const now = new Date(`${day}T12:00:00Z`);
      const yearAgo = new Date(`${addMonths(day, -12)}T00:00:00Z`);
      for (const row of realized) {
        expect(row.realizedAt!.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(row.realizedAt!.getTime()).toBeGreaterThan(yearAgo.getTime());
        expect(row.realizedMinor).toBeGreaterThan(0);
        expect(row.title.length).toBeGreaterThan(10);
        expect(row.evidence.length).toBeGreaterThan(0);
        expect(row.claims.reduce((n, c) => n + c.annualMinor, 0)).toBe(row.savingMinor);
      }
      // Measured savings are always there; a hand-recorded one (a switch to annual billing) needs an
      // annually billed demo application whose list price is confirmed and current (price-age.ts).
      const sources = new Set(realized.map((r) => r.realizedSource));
      expect(sources.has('auto')).toBe(true);
      for (const source of sources) expect(['auto', 'manual']).toContain(source);
      // Spread over months (how many depends on which demo applications have confirmed list prices).
      expect(
        new Set(realized.map((r) => r.realizedAt!.toISOString().slice(0, 7))).size,
      ).toBeGreaterThanOrEqual(2);
      // Under keys today's generation never uses: it cannot overwrite the history.
      const keys = new Set([...found, ...opportunities].map((o) => o.key));
      expect(realized.filter((r) => keys.has(r.key))).toEqual([]);
    },
    120_000,
  );

  it('is deterministic: the same seed and day give the same opportunities and history', async () => {
    const shape = ({ found, realized }: Awaited<ReturnType<typeof demoOn>>) => [
      found.map((o) => `${o.type} ${o.title} ${o.saving?.annualMinor ?? '-'}`).sort(),
      realized.map((r) => `${r.type} ${r.title} ${r.realizedMinor} ${r.realizedAt!.toISOString()}`).sort(),
    ];
    expect(shape(await demoOn('2026-06-01'))).toEqual(shape(await demoOn('2026-06-01')));
  }, 120_000);
});
