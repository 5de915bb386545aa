import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceForwardingWire } from '@common/contracts/invoice-forwarding';
import { apiRequest } from '@/lib/api-client';
import { invoiceForwardingKeys } from './keys';

/** POST /api/invoice-forwarding/regenerate — a new address; the old one stops working at once. */
export function regenerateAddress(): Promise<InvoiceForwardingWire> {
  return apiRequest<InvoiceForwardingWire>('POST', '/api/invoice-forwarding/regenerate');
}

export function useRegenerateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateAddress,
    onSuccess: (data) => queryClient.setQueryData(invoiceForwardingKeys.settings(), data),
  });
}
