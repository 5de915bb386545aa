import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../server/db/schema';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner } from '../../server/test/factories';
import { getTestServer, type TestServer } from '../../server/test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ clock: fixedClock('2026-11-24T09:00:00Z') });
});
afterAll(() => server.close());

describe('demo company API key', () => {
  it('has a read-only data warehouse key, used this morning', async () => {
    const owner = await buildOrgOwner(server.app);
    expect((await api(server.app, owner.cookie).post('/api/demo')).statusCode).toBe(201);
    const keys = await server.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.organizationId, owner.orgId));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      name: 'Data warehouse sync',
      scopes: ['read'],
      revokedAt: null,
      createdBy: owner.id,
      lastUsedAt: new Date('2026-11-24T02:00:00Z'),
    });
    expect(keys[0].prefix).toMatch(/^sw_live_/);
  });
});
