import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../common/contracts/audit';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner, setPlan } from '../../server/test/factories';
import { getTestServer, type TestServer } from '../../server/test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ clock: fixedClock('2026-11-24T09:00:00Z') });
});
afterAll(() => server.close());

describe('demo company audit log', () => {
  it('reads like a real one: weeks of sign-ins, a role change, a price change, exports and a deletion', async () => {
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
    expect(log.items.find((e) => e.label === 'Signed in')!.actor).toMatchObject({
      userId: owner.id,
      name: 'Ada Lovelace',
    });
  });
});
