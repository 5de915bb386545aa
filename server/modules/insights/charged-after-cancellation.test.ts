// "Charged after cancellation" from the application's cancellation date (issue 32): a charge dated
// after it is flagged whenever it was recorded — also when it was booked while the application was
// still live — and one dated on or before it never is; in insights and in the ledger alike.
import { describe, expect, it } from 'vitest';
import { DEFAULT_INSIGHT_SETTINGS } from '../../../common/insights/settings';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, setPlan } from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { detectZombieSpend } from './detectors/zombie-spend';
import { loadInsightSnapshot } from './load-snapshot.repo';

const TODAY = '2026-06-20';
const clock = fixedClock(`${TODAY}T10:00:00Z`);
const server = useTestServer({ clock });

async function flaggedCharges(orgId: string, appId: string) {
  const snapshot = await loadInsightSnapshot(server.database.db, orgId, TODAY);
  const found = detectZombieSpend(snapshot, DEFAULT_INSIGHT_SETTINGS).find((o) =>
    o.key.endsWith(`:charges:${appId}`),
  );
  return (found?.evidence ?? []).filter((e) => e.kind === 'expense').map((e) => e.figures?.Date);
}

describe('charged after cancellation', () => {
  it('flags charges dated after the cancellation date, whenever recorded, and none on or before it', async () => {
    const owner = await buildOrgOwner(server.app);
    await setPlan(server.database.db, owner.orgId, 'pro');
    const client = api(server.app, owner.cookie);
    const app = (
      await client.post('/api/subscriptions', {
        name: 'Figma',
        catalogSlug: 'figma',
        amountMinor: 4500,
        billingCycle: 'monthly',
        startDate: '2026-01-15',
      })
    ).json();
    // Booked while the application was live: the ledger had no reason to flag them then.
    const ids = new Map<string, string>();
    for (const date of ['2026-04-15', '2026-05-14', '2026-05-15', '2026-06-15']) {
      const booked = await client.post('/api/expenses', {
        date,
        amountMinor: 4500,
        merchant: 'FIGMA MONTHLY',
      });
      expect(booked.json()).toMatchObject({ subscriptionId: app.id, chargedAfterCancellation: false });
      ids.set(date, booked.json().id);
    }
    /** The ledger's flags, once the events that follow the write have run. */
    const ledgerFlagged = async () => {
      await server.app.deps.events.drain();
      const flagged: string[] = [];
      for (const [date, id] of ids) {
        if ((await client.get(`/api/expenses/${id}`)).json().chargedAfterCancellation) flagged.push(date);
      }
      return flagged;
    };
    expect(await flaggedCharges(owner.orgId, app.id)).toEqual([]);

    // Cancelled later, with the day it really ended.
    const patched = await client.patch(`/api/subscriptions/${app.id}`, {
      status: 'cancelled',
      cancelledOn: '2026-05-14',
    });
    expect(patched.statusCode).toBe(200);
    expect(await flaggedCharges(owner.orgId, app.id)).toEqual(['2026-05-15', '2026-06-15']);
    expect(await ledgerFlagged()).toEqual(['2026-05-15', '2026-06-15']);

    // A later cancellation date takes back what it no longer covers.
    await client.patch(`/api/subscriptions/${app.id}`, { cancelledOn: '2026-06-15' });
    expect(await flaggedCharges(owner.orgId, app.id)).toEqual([]);
    expect(await ledgerFlagged()).toEqual([]);

    // Live again: nothing is "after cancellation".
    await client.patch(`/api/subscriptions/${app.id}`, { status: 'cancelled', cancelledOn: '2026-05-01' });
    expect(await ledgerFlagged()).toEqual(['2026-05-14', '2026-05-15', '2026-06-15']);
    await client.patch(`/api/subscriptions/${app.id}`, { status: 'active' });
    expect(await flaggedCharges(owner.orgId, app.id)).toEqual([]);
    expect(await ledgerFlagged()).toEqual([]);
  });
});
