import { describe, expect, it } from 'vitest';
import type { AuditPage } from '../../common/contracts/audit';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner, setPlan } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';

const server = useTestServer({ clock: fixedClock('2026-11-24T09:00:00Z') });

describe('demo company audit log', () => {
  it('reads like a real one: weeks of its people’s sign-ins, a role change, a price change, exports and a deletion', async () => {
    const owner = await buildOrgOwner(server.app);
    await setPlan(server.app.deps.db, owner.orgId, 'scale');
    const client = api(server.app, owner.cookie);
    expect((await client.post('/api/demo')).statusCode).toBe(201);
    const log = (await client.get('/api/audit?from=2026-10-01&to=2026-11-24&limit=200')).json() as AuditPage;
    const labels = log.items.map((e) => e.label);
    expect(labels.filter((l) => l === 'Signed in').length).toBeGreaterThanOrEqual(10);
    expect(labels).toEqual(
      expect.arrayContaining([
        'Sign-in failed',
        'Member role changed',
        'Application price changed',
        'Applications exported',
        'Report exported',
        'Person deleted',
      ]),
    );
    expect(log.items.every((e) => e.createdAt < '2026-11-24T09:00:00Z')).toBe(true);
    // The demo company's finance and IT leads, never the signed-in owner (Ada Lovelace).
    const signedIn = log.items.filter((e) => e.label === 'Signed in');
    expect(new Set(signedIn.map((e) => e.actor.userId)).size).toBe(2);
    expect(signedIn.every((e) => e.actor.userId !== owner.id && e.actor.name !== 'Ada Lovelace')).toBe(true);
    // Months ago, the IT lead set up single sign-on and the warehouse's API key.
    const earlier = (
      await client.get('/api/audit?from=2026-06-01&to=2026-09-30&limit=200')
    ).json() as AuditPage;
    expect(earlier.items.map((e) => e.label)).toEqual(
      expect.arrayContaining([
        'SSO domain added',
        'SSO domain verified',
        'SSO settings changed',
        'API key created',
      ]),
    );
  });
});
