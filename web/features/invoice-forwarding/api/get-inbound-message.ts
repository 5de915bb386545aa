import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InboundMessageDetailWire } from '@common/contracts/invoice-forwarding';
import { apiGet } from '@/lib/api-client';
import { invoiceForwardingKeys } from './keys';

const messagePath = (id: string) => `/api/invoice-forwarding/messages/${encodeURIComponent(id)}`;

/** GET /api/invoice-forwarding/messages/{id} — the fields, their confidence, text and attachments. */
export function getInboundMessage(id: string): Promise<InboundMessageDetailWire> {
  return apiGet<InboundMessageDetailWire>(messagePath(id));
}

export const inboundMessageQuery = (id: string) =>
  queryOptions({ queryKey: invoiceForwardingKeys.message(id), queryFn: () => getInboundMessage(id) });

export function useInboundMessage(id: string | null) {
  return useQuery({ ...inboundMessageQuery(id ?? ''), enabled: id !== null });
}

/** The original message's link: its invoice document, or with `raw` the .eml. */
export function originalUrl(id: string, raw = false): string {
  return `${messagePath(id)}/original${raw ? '?part=raw' : ''}`;
}
