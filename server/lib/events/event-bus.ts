import { AsyncResource } from 'node:async_hooks';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { domainEvents, handledEvents } from '../../db/schema';
import type { Db, DbOrTx } from '../../db/client';
import type { JobQueue } from '../queue/job-queue';
import type { DomainEvent, DomainEventType } from './domain-events';

/** Something a module does when an event happens, at most once per event. */
export interface EventHandler<T extends DomainEventType = DomainEventType> {
  /** Stable name: the queue is `event.<name>` and the idempotency key includes it. */
  name: string;
  events: readonly T[];
  /** Runs in one transaction with the handler's idempotency row: its effects happen once. */
  handle(tx: DbOrTx, event: DomainEvent<T>): Promise<void>;
}

interface HandlerJob {
  orgId: string;
  eventId: string;
}

const RELAY_BATCH = 200;
const POLL_MS = 1_000;

/**
 * Hands the outbox to the queue: one job per event and subscribed handler, with an id derived from
 * both, so a relay that runs twice (or on two servers at once) never makes a second job; and runs
 * each handler inside a transaction that first records (event, handler) as handled.
 */
export class EventBus {
  readonly #handlers: EventHandler[] = [];
  #timer: NodeJS.Timeout | null = null;
  #relaying: Promise<number> | null = null;
  #again = false;
  #stopped = false;
  /** The bus's own async context: a nudged relay is installation-wide work, not part of the request. */
  readonly #background = new AsyncResource('EventBus.relay');

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly onError: (error: unknown) => void,
  ) {}

  subscribe<T extends DomainEventType>(handler: EventHandler<T>): void {
    this.#handlers.push(handler as unknown as EventHandler);
    this.queue.define<HandlerJob>({
      name: `event.${handler.name}`,
      retryLimit: 6,
      retryDelaySeconds: 15,
      handle: (job) => this.#run(handler as unknown as EventHandler, job),
    });
  }

  async #run(handler: EventHandler, job: HandlerJob): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(handledEvents)
        .values({ organizationId: job.orgId, eventId: job.eventId, handler: handler.name })
        .onConflictDoNothing()
        .returning({ eventId: handledEvents.eventId });
      if (!claimed) return; // Handled before: a repeated job is a no-op.
      const [row] = await tx
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.organizationId, job.orgId), eq(domainEvents.id, job.eventId)));
      if (!row) return; // The organization was deleted meanwhile.
      await handler.handle(tx, {
        id: row.id,
        organizationId: row.organizationId,
        type: row.type as DomainEventType,
        payload: row.payload as never,
        occurredAt: row.occurredAt,
      });
    });
  }

  /** Moves waiting events into the queue; answers how many events it handed over. */
  relay(): Promise<number> {
    if (this.#relaying) {
      this.#again = true;
      return this.#relaying;
    }
    this.#relaying = this.#relayAll().finally(() => {
      this.#relaying = null;
      if (this.#again) {
        this.#again = false;
        void this.relay().catch(this.onError);
      }
    });
    return this.#relaying;
  }

  async #relayAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const events = await this.db
        .select({ id: domainEvents.id, organizationId: domainEvents.organizationId, type: domainEvents.type })
        .from(domainEvents)
        .where(isNull(domainEvents.dispatchedAt))
        .orderBy(asc(domainEvents.occurredAt))
        .limit(RELAY_BATCH);
      if (events.length === 0) return total;
      const jobs = events.flatMap((event) =>
        this.#handlers
          .filter((h) => (h.events as readonly string[]).includes(event.type))
          .map((h) => ({
            name: `event.${h.name}`,
            data: { orgId: event.organizationId, eventId: event.id } satisfies HandlerJob,
            key: event.id,
          })),
      );
      await this.queue.sendMany(jobs);
      await this.db
        .update(domainEvents)
        .set({ dispatchedAt: new Date() })
        .where(
          inArray(
            domainEvents.id,
            events.map((e) => e.id),
          ),
        );
      total += events.length;
      if (events.length < RELAY_BATCH) return total;
    }
  }

  /** Relays soon: called after a write's response is sent, i.e. after its transaction committed. */
  nudge(): void {
    this.#background.runInAsyncScope(() =>
      setImmediate(() => {
        if (!this.#stopped) void this.relay().catch(this.onError);
      }),
    );
  }

  start(): void {
    this.#stopped = false;
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.relay().catch(this.onError), POLL_MS);
    this.#timer.unref();
    this.nudge();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#relaying?.catch(() => undefined);
  }

  /** Relays and waits until every due job ran: tests and scripts read a write's effects after it. */
  async drain(): Promise<void> {
    for (let round = 0; round < 10; round += 1) {
      const relayed = await this.relay();
      await this.queue.drain();
      if (relayed === 0 && (await this.relay()) === 0) return;
    }
  }
}
