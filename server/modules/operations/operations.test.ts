import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../lib/queue/job-queue';
import { addMemberWithSession, api, buildOrgOwner } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let worker: JobQueue;
let failing = true;
const attempts: string[] = [];

beforeAll(async () => {
  server = await getTestServer();
  // A worker of its own whose job fails until told otherwise; the app reads the same queue tables.
  worker = new JobQueue(server.database, server.app.log);
  worker.define<{ orgId: string }>({
    name: 'event.test.flaky',
    retryLimit: 0,
    handle: async (data) => {
      attempts.push(data.orgId);
      if (failing) throw new Error('Slack answered 500');
    },
  });
  await worker.start();
});
afterAll(async () => {
  await worker.stop();
  await server.close();
});

describe('operations: failed background work', () => {
  it('shows an organization its failed jobs, to owners and admins only, and retries them', async () => {
    const owner = await buildOrgOwner(server.app);
    const other = await buildOrgOwner(server.app);
    const member = await addMemberWithSession(server.database.db, owner.orgId, 'member');
    const admin = await addMemberWithSession(server.database.db, owner.orgId, 'admin');
    await worker.send('event.test.flaky', { orgId: owner.orgId, eventId: 'e1' });
    await worker.drain();

    const list = await api(server.app, admin.cookie).get('/api/operations/failed-jobs');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        queue: 'event.test.flaky',
        description: 'Reaction to an event (test.flaky)',
        error: 'Slack answered 500',
        attempts: 1,
      }),
    ]);
    expect((await api(server.app, member.cookie).get('/api/operations/failed-jobs')).statusCode).toBe(403);
    expect((await api(server.app, other.cookie).get('/api/operations/failed-jobs')).json().items).toEqual([]);

    const { id } = list.json().items[0];
    const retryUrl = `/api/operations/failed-jobs/event.test.flaky/${id}/retry`;
    expect((await api(server.app, other.cookie).post(retryUrl)).statusCode).toBe(404);
    expect((await api(server.app, member.cookie).post(retryUrl)).statusCode).toBe(403);
    expect((await api(server.app, owner.cookie).post('/api/operations/failed-jobs/daily/not-a-uuid/retry')).statusCode).toBe(400);

    failing = false;
    expect((await api(server.app, owner.cookie).post(retryUrl)).statusCode).toBe(204);
    await worker.drain();
    expect(attempts).toEqual([owner.orgId, owner.orgId]);
    expect((await api(server.app, owner.cookie).get('/api/operations/failed-jobs')).json().items).toEqual([]);
  });
});
