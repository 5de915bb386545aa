import type { DbOrTx } from '../../db/client';
import { domainEvents } from '../../db/schema';
import type { DomainEventPayloads, DomainEventType } from './domain-events';

/**
 * Records a domain event in the caller's transaction (the outbox): it is handled after commit,
 * and only if the write that caused it commits.
 */
export async function publishEvent<T extends DomainEventType>(
  tx: DbOrTx,
  orgId: string,
  type: T,
  payload: DomainEventPayloads[T],
  now: Date,
): Promise<void> {
  await tx.insert(domainEvents).values({ organizationId: orgId, type, payload, occurredAt: now });
}
