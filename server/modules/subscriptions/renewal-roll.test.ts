import { describe, expect, it } from 'vitest';
import { systemContext } from '../../lib/acting-context';
import { buildOrgOwner, buildSubscription } from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { rollForwardPassedRenewals } from './renewal-roll';

const server = useTestServer();

describe('rollForwardPassedRenewals', () => {
  it('moves passed auto-renewals to the next future date, anchored on the start day', async () => {
    const owner = await buildOrgOwner(server.app);
    const other = await buildOrgOwner(server.app);
    const db = server.database.db;
    const monthEnd = await buildSubscription(db, owner.orgId, {
      startDate: '2025-01-31',
      nextRenewalDate: '2026-02-28',
    });
    const annual = await buildSubscription(db, owner.orgId, {
      billingCycle: 'annual',
      startDate: '2024-02-29',
      nextRenewalDate: '2025-02-28',
    });
    const manual = await buildSubscription(db, owner.orgId, {
      autoRenew: false,
      nextRenewalDate: '2026-01-01',
    });
    const cancelled = await buildSubscription(db, owner.orgId, {
      status: 'cancelled',
      nextRenewalDate: '2026-01-01',
    });
    const future = await buildSubscription(db, owner.orgId, { nextRenewalDate: '2026-04-01' });
    const theirs = await buildSubscription(db, other.orgId, { nextRenewalDate: '2026-01-01' });
    const daily = systemContext(owner.orgId, 'daily run', new Date('2026-03-10T06:00:00Z'));
    const rolled = await rollForwardPassedRenewals(db, daily, '2026-03-10');
    expect(rolled).toEqual(
      expect.arrayContaining([
        { id: monthEnd.id, from: '2026-02-28', to: '2026-03-31' },
        { id: annual.id, from: '2025-02-28', to: '2027-02-28' },
      ]),
    );
    expect(rolled).toHaveLength(2);
    const ids = rolled.map((r) => r.id);
    for (const untouched of [manual, cancelled, future, theirs]) expect(ids).not.toContain(untouched.id);
    expect(await rollForwardPassedRenewals(db, daily, '2026-03-10')).toEqual([]);
  });
});
