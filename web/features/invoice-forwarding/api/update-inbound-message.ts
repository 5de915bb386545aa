import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  InboundMessageDetailWire,
  UpdateInboundMessageInput,
} from '@common/contracts/invoice-forwarding';
import { invalidateExpenses } from '@/lib/expenses/invalidate';
import { apiRequest } from '@/lib/api-client';
import { invoiceForwardingKeys } from './keys';

/** PATCH /api/invoice-forwarding/messages/{id} { action?, fields?, subscriptionId? } */
export function updateInboundMessage({
  id,
  ...body
}: UpdateInboundMessageInput & { id: string }): Promise<InboundMessageDetailWire> {
  return apiRequest<InboundMessageDetailWire>(
    'PATCH',
    `/api/invoice-forwarding/messages/${encodeURIComponent(id)}`,
    body,
  );
}

/**
 * Saving fields refreshes the inbox; a decision (accept, merge, ignore) may book an expense and
 * create an application, so the ledger and the applications refresh too.
 */
export function useUpdateInboundMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInboundMessage,
    onSuccess: async (data, input) => {
      queryClient.setQueryData(invoiceForwardingKeys.message(data.id), data);
      const refreshes = [queryClient.invalidateQueries({ queryKey: invoiceForwardingKeys.all })];
      if (input.action) {
        refreshes.push(
          invalidateExpenses(queryClient),
          queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
        );
      }
      await Promise.all(refreshes);
    },
  });
}
