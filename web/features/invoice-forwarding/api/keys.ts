import type { InboundState } from '@common/contracts/invoice-forwarding';

export const invoiceForwardingKeys = {
  all: ['invoice-forwarding'] as const,
  settings: () => ['invoice-forwarding', 'settings'] as const,
  messages: () => ['invoice-forwarding', 'messages'] as const,
  list: (state: InboundState | undefined) =>
    ['invoice-forwarding', 'messages', 'list', state ?? 'all'] as const,
  counts: () => ['invoice-forwarding', 'messages', 'counts'] as const,
  message: (id: string) => ['invoice-forwarding', 'messages', 'detail', id] as const,
};
