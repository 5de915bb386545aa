import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, users } from '../../server/db/schema';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';

const server = useTestServer({ clock: fixedClock('2026-11-24T09:00:00Z') });

describe('demo company API key', () => {
  it('has a read-only data warehouse key the IT lead made, used this morning', async () => {
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
      lastUsedAt: new Date('2026-11-24T02:00:00Z'),
    });
    expect(keys[0].prefix).toMatch(/^sw_live_/);
    // Made by the demo company's IT lead months ago, not by whoever loaded the demo.
    expect(keys[0].createdBy).not.toBe(owner.id);
    const [maker] = await server.database.db.select().from(users).where(eq(users.id, keys[0].createdBy!));
    expect(maker).toMatchObject({ jobTitle: expect.stringMatching(/IT|Operations/) });
    expect(keys[0].createdAt.getTime()).toBeLessThan(new Date('2026-08-01').getTime());
  });
});
