import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner, setPlan } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';

const server = useTestServer({ clock: fixedClock('2026-11-24T09:00:00Z') });

describe('demo company single sign-on', () => {
  it('has a verified domain and an OIDC connection that is configured but off', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    expect((await client.post('/api/demo')).statusCode).toBe(201);
    await setPlan(server.database.db, owner.orgId, 'scale');
    expect((await client.get('/api/sso')).json()).toMatchObject({
      configured: true,
      enabled: false,
      protocol: 'oidc',
      oidcIssuer: 'https://login.example.com',
      roleMappings: [
        { group: 'Finance', role: 'admin' },
        { group: 'IT', role: 'member' },
      ],
    });
    expect((await client.get('/api/sso/domains')).json()).toEqual([
      expect.objectContaining({ domain: `sso-${owner.orgId.slice(0, 8)}.example`, verified: true }),
    ]);
  });
});
