import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { api, buildOrgOwner } from '../test/factories';
import { addMember, setPlan } from '../test/factories';
import { openTestDatabase, getTestServer, type TestServer } from '../test/test-server';

// The guard reads session, user and membership afresh on every request (no cache), so what
// one server changes holds on the next request to another. On PostgreSQL the second server has its
// own connection pool, as a second process would.

let first: TestServer;
let second: TestServer;
let secondDatabase: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  secondDatabase = opened.url ? await openDatabase({ url: opened.url, poolSize: 2 }) : opened.database;
  first = await getTestServer({ database: opened.database });
  second = await getTestServer({ database: secondDatabase });
});
afterAll(async () => {
  await second.close();
  await first.close();
  if (secondDatabase !== first.database) await secondDatabase.close();
  await drop();
});

describe('guard across servers', () => {
  it('applies a role change, a removal and a sign-out made on one server at once on the other', async () => {
    const owner = await buildOrgOwner(first.app);
    await setPlan(first.database.db, owner.orgId, 'pro');
    const member = await addMember(first.app, first.database.db, owner.orgId, 'admin');
    const onFirst = api(first.app, owner.cookie);
    const memberOnSecond = api(second.app, member.cookie);
    const create = () => memberOnSecond.post('/api/subscriptions', { name: 'Slack', amountMinor: 800 });

    expect((await create()).statusCode).toBe(201);
    expect(
      (await onFirst.patch(`/api/organization/members/${member.id}`, { role: 'viewer' })).statusCode,
    ).toBe(200);
    const refused = await create();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect((await memberOnSecond.get('/api/subscriptions')).json().total).toBe(1);

    expect((await onFirst.delete(`/api/organization/members/${member.id}`)).statusCode).toBe(204);
    expect((await memberOnSecond.get('/api/subscriptions')).statusCode).toBe(403);

    expect((await api(second.app, owner.cookie).get('/api/subscriptions')).statusCode).toBe(200);
    expect((await onFirst.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await api(second.app, owner.cookie).get('/api/subscriptions')).statusCode).toBe(401);
  });
});
