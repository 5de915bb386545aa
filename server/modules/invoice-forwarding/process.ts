// Processing of one stored inbound message (the job's work). PLACEHOLDER until the booking branch
// lands (issue 18): read the stored raw message, read the invoice, decide, book once.
import type { ServiceDeps } from '../../types';

/** Processes the stored message `id` of `orgId`; safe to run again (books at most once). */
export async function processInboundMessage(deps: ServiceDeps, orgId: string, id: string): Promise<void> {
  void deps;
  void orgId;
  void id;
}
