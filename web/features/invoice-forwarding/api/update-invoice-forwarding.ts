import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceForwardingWire } from '@common/contracts/invoice-forwarding';
import { apiRequest } from '@/lib/api-client';
import { invoiceForwardingKeys } from './keys';

/** PATCH /api/invoice-forwarding { allowedSenders } — the sender allow-list (empty accepts everyone). */
export function updateInvoiceForwarding(body: { allowedSenders: string[] }): Promise<InvoiceForwardingWire> {
  return apiRequest<InvoiceForwardingWire>('PATCH', '/api/invoice-forwarding', body);
}

export function useUpdateInvoiceForwarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoiceForwarding,
    onSuccess: (data) => queryClient.setQueryData(invoiceForwardingKeys.settings(), data),
  });
}
