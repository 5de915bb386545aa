import type {
  Discovery,
  Expense,
  ExpenseList,
  ImportPreview,
  ImportUpload,
  SubscriptionSpend,
} from '@common/contracts/expenses';
import { list, subscription } from '@/features/subscriptions/test/fixtures';

export const SLACK_ID = '11111111-1111-4111-8111-111111111111';
export const FIGMA_ID = '22222222-2222-4222-8222-222222222222';
export const CARD_ID = '44444444-4444-4444-8444-444444444444';
export const BATCH_ID = '55555555-5555-4555-8555-555555555555';

export function expense(overrides: Partial<Expense> = {}): Expense {
  return {
    id: 'e1',
    date: '2026-03-04',
    amountMinor: 1250,
    currency: 'USD',
    merchant: 'SLACK T0123 DUBLIN',
    merchantKey: 'slack',
    merchantName: 'Slack',
    description: null,
    vendorId: null,
    vendorName: null,
    subscriptionId: SLACK_ID,
    subscriptionName: 'Slack',
    suggestedSubscriptionId: null,
    suggestedSubscriptionName: null,
    paymentMethodId: null,
    categoryId: null,
    projectId: null,
    department: null,
    invoiceNumber: null,
    servicePeriodStart: null,
    servicePeriodEnd: null,
    document: null,
    source: 'csv',
    externalId: null,
    sourceUrl: null,
    matchStatus: 'matched',
    matchMethod: 'catalog',
    matchConfidence: 1,
    overExpectedPercent: null,
    chargedAfterCancellation: false,
    notes: null,
    importBatchId: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** An unmatched charge as the review queue shows it. */
export const unmatched = (overrides: Partial<Expense> = {}): Expense =>
  expense({
    subscriptionId: null,
    subscriptionName: null,
    matchStatus: 'unmatched',
    matchMethod: null,
    ...overrides,
  });

export function expenseList(items: Expense[], overrides: Partial<ExpenseList> = {}): ExpenseList {
  const sum = items.reduce((n, e) => n + e.amountMinor, 0);
  return {
    items,
    total: items.length,
    totals: items.length ? [{ currency: 'USD', amountMinor: sum, count: items.length }] : [],
    nextCursor: null,
    ...overrides,
  };
}

export function discovery(overrides: Partial<Discovery> = {}): Discovery {
  return {
    merchantKey: 'notion',
    name: 'Notion',
    vendorName: 'Notion Labs',
    catalogSlug: 'notion',
    billingCycle: 'monthly',
    amountMinor: 9600,
    currency: 'USD',
    occurrences: 4,
    firstDate: '2025-12-03',
    lastDate: '2026-03-03',
    totalMinor: 38400,
    sampleMerchant: 'NOTION LABS INC',
    ...overrides,
  };
}

/** The application picker's list: GET /api/subscriptions?pageSize=500… */
export const applications = (apps: Array<{ id: string; name: string }>) =>
  list(apps.map((a) => subscription({ ...a, vendorName: null })));

export const upload: ImportUpload = {
  batchId: BATCH_ID,
  fileName: 'march.csv',
  format: 'csv',
  headers: ['Booked', 'Payee', 'Amount'],
  sampleRows: [['04/03/2026', 'SLACK T0123', '-12.50']],
  delimiter: ',',
  mapping: { date: 0, merchant: 1, amount: 2, dateFormat: 'DD/MM/YYYY', decimalSeparator: '.' },
  dateFormatAmbiguous: true,
  rowCount: 5,
};

const row = (line: number, merchant: string, duplicate: 'existing' | null = null) => ({
  line,
  date: '2026-03-04',
  amountMinor: 1250,
  currency: 'USD',
  merchant,
  merchantName: merchant,
  description: null,
  subscriptionId: null,
  subscriptionName: null,
  matchStatus: 'unmatched' as const,
  duplicate,
  existing: duplicate ? { id: `e-${line}`, label: merchant, matchedBy: 'expense' as const } : null,
  duplicateOfRow: null,
});

export const preview: ImportPreview = {
  batchId: BATCH_ID,
  counts: { rows: 5, valid: 4, errors: 1, duplicates: 2, matched: 1, skipped: 0 },
  errors: [{ line: 5, field: 'date', message: 'Not a date: "31/02/2026"' }],
  duplicates: [row(3, 'ZOOM.US', 'existing'), row(4, 'FIGMA', 'existing')],
  rows: [row(2, 'SLACK T0123'), row(3, 'ZOOM.US', 'existing'), row(4, 'FIGMA', 'existing'), row(6, 'LINEAR')],
  totals: [{ currency: 'USD', amountMinor: 5000, count: 4 }],
  dateRange: { from: '2026-03-01', to: '2026-03-28' },
};

export function spend(overrides: Partial<SubscriptionSpend> = {}): SubscriptionSpend {
  return {
    subscriptionId: SLACK_ID,
    currency: 'USD',
    costPerCycleMinor: 10000,
    monthlyEquivalentMinor: 10000,
    months: [
      { month: '2026-01', expectedMinor: 10000, actualMinor: 10000, charges: 1, variancePercent: 0 },
      { month: '2026-02', expectedMinor: 10000, actualMinor: 13000, charges: 1, variancePercent: 30 },
    ],
    totals: { expectedMinor: 20000, actualMinor: 23000 },
    otherCurrencyCharges: 0,
    flagged: [],
    ...overrides,
  };
}

export { session } from '@/test/fixtures';
