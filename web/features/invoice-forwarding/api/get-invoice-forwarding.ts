import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceForwardingWire } from '@common/contracts/invoice-forwarding';
import { apiGet } from '@/lib/api-client';
import { invoiceForwardingKeys } from './keys';

/** GET /api/invoice-forwarding — the address, setup state, pending confirmation and allow-list. */
export function getInvoiceForwarding(): Promise<InvoiceForwardingWire> {
  return apiGet<InvoiceForwardingWire>('/api/invoice-forwarding');
}

export const invoiceForwardingQuery = () =>
  queryOptions({ queryKey: invoiceForwardingKeys.settings(), queryFn: getInvoiceForwarding });

export function useInvoiceForwarding() {
  return useQuery(invoiceForwardingQuery());
}
