import { describe, expect, it } from 'vitest';
import { api, buildOrgOwner } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

const server = useTestServer();

describe('GET /api/catalog', () => {
  it('searches typo-tolerantly and returns prices, icons and initials', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const first = async (q: string) =>
      (await client.get(`/api/catalog?q=${encodeURIComponent(q)}&limit=3`)).json().items[0];
    expect((await first('slak')).slug).toBe('slack');
    expect((await first('gogle workspace')).slug).toBe('google-workspace');
    expect((await first('MSFT 365')).slug).toBe('microsoft-365');
    const zoom = await first('zoom');
    expect(zoom).toMatchObject({ name: 'Zoom', initials: 'Z', logoUrl: '/api/catalog/zoom/logo.svg' });
    expect(zoom.icon.path.length).toBeGreaterThan(10);
    expect(zoom.prices[0]).toMatchObject({ unit: 'user', currency: 'USD' });
    const popular = (await client.get('/api/catalog')).json().items;
    expect(popular).toHaveLength(10);
    expect((await client.get('/api/catalog?limit=51')).statusCode).toBe(400);
    expect((await client.get('/api/catalog/slack')).json().vendor).toBe('Salesforce');
    expect((await client.get('/api/catalog/nope')).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/catalog?q=slack' })).statusCode).toBe(401);
  });
});
