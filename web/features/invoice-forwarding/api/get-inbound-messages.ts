import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * The inbox, one state (or all), the first `pageCount` pages through the cursor. (Not react-query's
 * infinite query: its modules would join the first paint's query chunk for this one screen.)
 */
export const inboundMessagesQuery = (state: InboundState | undefined, pageCount: number) =>
  queryOptions({
    queryKey: [...invoiceForwardingKeys.list(state), pageCount],
    queryFn: async () => {
      const pages: InboundMessageListWire[] = [];
      let cursor: string | undefined;
      do {
        const page = await getInboundMessages({ state, cursor });
        pages.push(page);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && pages.length < pageCount);
      return { pages };
    },
    // "Load more" keeps the rows on screen while the longer list loads.
    placeholderData: (previous) => previous,
  });

export function useInboundMessages(state: InboundState | undefined) {
  const [paging, setPaging] = useState({ state, pageCount: 1 });
  // Another state filter starts again from its first page.
  const pageCount = paging.state === state ? paging.pageCount : 1;
  const query = useQuery(inboundMessagesQuery(state, pageCount));
  return {
    ...query,
    hasNextPage: Boolean(query.data?.pages.at(-1)?.nextCursor),
    isFetchingNextPage: query.isFetching && query.isPlaceholderData,
    fetchNextPage: () => setPaging({ state, pageCount: pageCount + 1 }),
  };
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
