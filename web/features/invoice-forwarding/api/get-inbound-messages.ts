import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { InboundMessageListWire, InboundState } from '@common/contracts/invoice-forwarding';
import { apiGet } from '@/lib/api-client';
import { invoiceForwardingKeys } from './keys';

export const INBOX_PAGE_SIZE = 50;

/** GET /api/invoice-forwarding/messages?state=&cursor=&limit= — newest first, with counts per state. */
export function getInboundMessages(query: {
  state?: InboundState;
  cursor?: string;
  limit?: number;
}): Promise<InboundMessageListWire> {
  const params = new URLSearchParams();
  if (query.state) params.set('state', query.state);
  if (query.cursor) params.set('cursor', query.cursor);
  params.set('limit', String(query.limit ?? INBOX_PAGE_SIZE));
  return apiGet<InboundMessageListWire>(`/api/invoice-forwarding/messages?${params.toString()}`);
}

/** The inbox, one state (or all), page after page through the cursor. */
export const inboundMessagesQuery = (state: InboundState | undefined) =>
  infiniteQueryOptions({
    queryKey: invoiceForwardingKeys.list(state),
    queryFn: ({ pageParam }) => getInboundMessages({ state, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useInboundMessages(state: InboundState | undefined) {
  return useInfiniteQuery(inboundMessagesQuery(state));
}

/** Counts per state only (one message asked for), for the Expenses tab's badge. */
export const inboxCountsQuery = () =>
  queryOptions({
    queryKey: invoiceForwardingKeys.counts(),
    queryFn: () => getInboundMessages({ limit: 1 }).then((list) => list.counts),
  });

export function useInboxCounts() {
  return useQuery(inboxCountsQuery());
}
