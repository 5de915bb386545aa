import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NegotiationPack } from '@common/contracts/benchmarks';
import { apiGet } from '@/lib/api-client';
import { renewalKeys } from '@/lib/renewals/keys';

/** The downloads of the pack: GET /api/renewals/{id}/pack?format=md|pdf (attachments). */
export const negotiationPackUrl = (subscriptionId: string, format: 'md' | 'pdf') =>
  `/api/renewals/${encodeURIComponent(subscriptionId)}/pack?format=${format}`;

/** GET /api/renewals/{id}/pack: the renewal negotiation pack. */
export function getNegotiationPack(subscriptionId: string): Promise<NegotiationPack> {
  return apiGet<NegotiationPack>(`/api/renewals/${encodeURIComponent(subscriptionId)}/pack`);
}

export const negotiationPackQuery = (subscriptionId: string) =>
  queryOptions({
    queryKey: renewalKeys.pack(subscriptionId),
    queryFn: () => getNegotiationPack(subscriptionId),
  });

export function useNegotiationPack(subscriptionId: string) {
  return useQuery(negotiationPackQuery(subscriptionId));
}
