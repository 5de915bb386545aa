import type { Subscription, SubscriptionList } from '@common/contracts/subscriptions';

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Slack',
    vendorId: 'v1',
    vendorName: 'Salesforce',
    catalogSlug: 'slack',
    logoUrl: null,
    description: null,
    categoryId: null,
    categoryName: 'Communication',
    tagIds: ['t1'],
    tagNames: ['Core'],
    useCaseIds: [],
    projectIds: [],
    paymentMethodId: null,
    paymentMethodName: null,
    status: 'active',
    cancelledOn: null,
    ownerUserId: 'u1',
    ownerName: 'Maya Chen',
    ownerEmail: 'maya@example.com',
    department: null,
    billingCycle: 'annual',
    intervalMonths: null,
    pricingModel: 'flat',
    amountMinor: 120000,
    unitPriceMinor: null,
    seats: null,
    currency: 'USD',
    costPerCycleMinor: 120000,
    monthlyMinor: 10000,
    annualMinor: 120000,
    startDate: '2026-01-01',
    contractTermMonths: null,
    termEndDate: null,
    nextRenewalDate: '2026-12-01',
    cancelByDate: '2026-11-01',
    daysUntilRenewal: 10,
    renewalUrgency: null,
    autoRenew: true,
    noticePeriodDays: 30,
    url: null,
    notes: null,
    archivedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function list(items: Subscription[]): SubscriptionList {
  const monthlyMinor = items.reduce((sum, s) => sum + s.monthlyMinor, 0);
  const annualMinor = items.reduce((sum, s) => sum + s.annualMinor, 0);
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 50,
    totals: {
      count: items.length,
      monthlyMinor,
      annualMinor,
      currency: 'USD',
      converted: {
        monthly: { currency: 'USD', amountMinor: monthlyMinor, unconverted: [] },
        annual: { currency: 'USD', amountMinor: annualMinor, unconverted: [] },
      },
      byCurrency: [],
    },
  };
}
