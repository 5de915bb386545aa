import type {
  InboundMessageDetailWire,
  InboundMessageListWire,
  InboundMessageSummaryWire,
  InvoiceForwardingWire,
} from '@common/contracts/invoice-forwarding';

export const ADDRESS = 'invoices+k7f3q9x2@in.stackwise.app';
export const SLACK_ID = '11111111-1111-4111-8111-111111111111';
export const FIGMA_ID = '22222222-2222-4222-8222-222222222222';

export function summary(overrides: Partial<InboundMessageSummaryWire> = {}): InboundMessageSummaryWire {
  return {
    id: 'm1',
    state: 'needs_review',
    kind: 'invoice',
    reason: 'Total read with low confidence',
    from: 'billing@atlassian.com',
    subject: 'Your Atlassian invoice AT-2026-0412',
    receivedAt: '2026-11-20T09:15:00.000Z',
    transport: 'smtp',
    vendorName: 'Atlassian',
    invoiceNumber: 'AT-2026-0412',
    issueDate: '2026-11-19',
    totalMinor: 12_500,
    currency: 'USD',
    confidence: 0.62,
    attachmentCount: 1,
    expenseId: null,
    subscriptionId: null,
    subscriptionName: null,
    duplicateOfId: null,
    ...overrides,
  };
}

export function detail(overrides: Partial<InboundMessageDetailWire> = {}): InboundMessageDetailWire {
  const base = summary();
  return {
    ...base,
    to: ADDRESS,
    messageId: '<abc@atlassian.com>',
    fields: {
      vendorName: 'Atlassian',
      vendorDomain: 'atlassian.com',
      catalogSlug: 'jira',
      invoiceNumber: 'AT-2026-0412',
      issueDate: '2026-11-19',
      periodStart: '2026-11-19',
      periodEnd: '2026-12-18',
      totalMinor: 12_500,
      taxMinor: null,
      currency: 'USD',
      lineItems: [
        { description: 'Jira Standard (10 users)', quantity: 10, unitAmountMinor: 1250, amountMinor: 12_500 },
      ],
      planName: 'Standard',
      account: 'acme.atlassian.net',
      cardLast4: '4242',
    },
    fieldConfidence: {
      vendorName: 0.98,
      invoiceNumber: 0.95,
      issueDate: 0.9,
      totalMinor: 0.62,
      currency: 0.99,
    },
    attachments: [
      { name: 'invoice-AT-2026-0412.pdf', type: 'application/pdf', size: 48_213, isInvoice: true },
    ],
    text: 'Invoice AT-2026-0412\n<script>alert(1)</script>\nTotal due: $125.00',
    upgradeRequired: false,
    processedAt: '2026-11-20T09:15:04.000Z',
    ...overrides,
  };
}

export function messageList(
  messages: InboundMessageSummaryWire[],
  overrides: Partial<InboundMessageListWire> = {},
): InboundMessageListWire {
  return {
    messages,
    counts: { needs_review: 2, imported: 5, ignored: 1, duplicate: 0, failed: 1 },
    nextCursor: null,
    ...overrides,
  };
}

export function forwarding(overrides: Partial<InvoiceForwardingWire> = {}): InvoiceForwardingWire {
  return {
    address: ADDRESS,
    domain: 'in.stackwise.app',
    allowedSenders: ['@atlassian.com'],
    pendingConfirmation: null,
    setup: {
      receivedAny: true,
      lastReceivedAt: '2026-11-20T09:15:00.000Z',
      importedCount: 5,
      needsReviewCount: 2,
      cannotReceive: null,
    },
    recentMessages: [summary()],
    ...overrides,
  };
}
