import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations } from '../../server/db/schema';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';

const server = useTestServer({ clock: fixedClock('2026-05-20T09:00:00Z') });

interface Contract {
  subscriptionId: string;
  endDate: string;
  status: string;
  replacesContractId: string | null;
}

describe('demo contracts and renewals', () => {
  it('puts the biggest annual applications on contracts and has decisions on the next renewals', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    expect((await client.post('/api/demo')).statusCode).toBe(201);
    await server.database.db
      .update(organizations)
      .set({ subscriptionPlan: 'pro' })
      .where(eq(organizations.id, owner.orgId));

    const contracts: Contract[] = (await client.get('/api/contracts')).json();
    const live = contracts.filter((c) => c.status === 'active');
    expect(live.length).toBeGreaterThanOrEqual(8);
    expect(contracts.filter((c) => c.status === 'renewed')).toHaveLength(2);
    expect(live.filter((c) => c.replacesContractId)).toHaveLength(2);
    // A running contract ends on its application's renewal date.
    for (const contract of live.slice(0, 5)) {
      const app = (await client.get(`/api/subscriptions/${contract.subscriptionId}`)).json();
      expect(app.nextRenewalDate).toBe(contract.endDate);
    }

    const renewals = (await client.get('/api/renewals?window=365')).json();
    const decided = renewals.items.filter((r: { decision: string | null }) => r.decision !== null);
    expect(decided.map((r: { decision: string }) => r.decision).sort()).toEqual([
      'cancel',
      'renegotiate',
      'renew',
      'reviewing',
      'reviewing',
    ]);
    expect(decided.every((r: { notes: string | null }) => r.notes && r.notes.length > 20)).toBe(true);
  });
});
