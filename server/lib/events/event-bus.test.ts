import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, handledEvents } from '../../db/schema';
import { buildOrgOwner } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { JobQueue } from '../queue/job-queue';
import { EventBus, type EventHandler } from './event-bus';
import { pruneEvents } from './prune';
import { publishEvent } from './publish';

let server: TestServer;
let queue: JobQueue;
let bus: EventBus;
let orgId: string;
const seen: string[] = [];
const recorder: EventHandler<'person.offboarded'> = {
  name: 'test.recorder',
  events: ['person.offboarded'],
  handle: async (_tx, event) => {
    seen.push(event.payload.personId);
  },
};

beforeAll(async () => {
  server = await getTestServer();
  orgId = (await buildOrgOwner(server.app)).orgId;
  // A bus of this test's own, with one handler that records what it saw (its queue is separate
  // from the app's, which only relays when a request nudges it).
  queue = new JobQueue(server.database, server.app.log);
  bus = new EventBus(server.database.db, queue, (error) => {
    throw error;
  });
  bus.subscribe(recorder);
  await queue.start();
});
afterAll(async () => {
  await bus.stop();
  await queue.stop();
  await server.close();
});

const db = () => server.database.db;

describe('domain events', () => {
  it('reaches its handler after the write commits, and never when the write rolls back', async () => {
    await db().transaction(async (tx) => {
      await publishEvent(tx, orgId, 'person.offboarded', { personId: 'committed' }, new Date());
    });
    await db()
      .transaction(async (tx) => {
        await publishEvent(tx, orgId, 'person.offboarded', { personId: 'rolled-back' }, new Date());
        throw new Error('the write failed');
      })
      .catch(() => undefined);
    await bus.drain();
    expect(seen).toEqual(['committed']);
    const [event] = await db().select().from(domainEvents).where(eq(domainEvents.organizationId, orgId));
    expect(event?.dispatchedAt).not.toBeNull();
  });

  it('takes effect once when its job runs twice or two servers relay it at once', async () => {
    const otherServer = new EventBus(server.database.db, queue, (error) => {
      throw error;
    });
    otherServer.subscribe(recorder);
    await db().transaction((tx) =>
      publishEvent(tx, orgId, 'person.offboarded', { personId: 'twice' }, new Date()),
    );
    await Promise.all([bus.relay(), otherServer.relay(), bus.relay()]);
    await queue.drain();
    const [event] = await db()
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.organizationId, orgId), eq(domainEvents.type, 'person.offboarded')))
      .orderBy(domainEvents.occurredAt)
      .offset(1);
    // A job that runs again (a retry after its server died having done the work) changes nothing.
    await queue.send('event.test.recorder', { orgId, eventId: event!.id });
    await queue.drain();
    expect(seen.filter((p) => p === 'twice')).toHaveLength(1);
    const handled = await db().select().from(handledEvents).where(eq(handledEvents.eventId, event!.id));
    expect(handled).toHaveLength(1);
  });

  it('prunes handed-over events after the retention, never one still waiting', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    await db()
      .insert(domainEvents)
      .values([
        {
          organizationId: orgId,
          type: 'person.offboarded',
          payload: { personId: 'old-done' },
          occurredAt: old,
          dispatchedAt: old,
        },
        {
          organizationId: orgId,
          type: 'person.offboarded',
          payload: { personId: 'old-waiting' },
          occurredAt: old,
        },
      ]);
    await pruneEvents(db(), new Date());
    const left = (await db().select().from(domainEvents).where(eq(domainEvents.organizationId, orgId))).map(
      (e) => (e.payload as { personId: string }).personId,
    );
    expect(left).toContain('old-waiting');
    expect(left).not.toContain('old-done');
    expect(left).toContain('committed'); // recent ones stay
  });
});
