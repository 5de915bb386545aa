import type {
  AnalyticsBudgetsResponse,
  AnalyticsForecastResponse,
  AnalyticsMoversResponse,
  AnalyticsPivotResponse,
  AnalyticsSpendResponse,
} from '@common/contracts/analytics';

export const APP_ID = '5b0e8a52-1d1c-4c57-9d59-1b0f6f3f0a01';
export const CATEGORY_ID = '5b0e8a52-1d1c-4c57-9d59-1b0f6f3f0a02';

const periods = [
  { key: '2026-01', label: 'Jan 2026', start: '2026-01-01', end: '2026-01-31' },
  { key: '2026-02', label: 'Feb 2026', start: '2026-02-01', end: '2026-02-28' },
];

/** Spend by department over two months: Engineering, and the rest as "Other". */
export function spend(overrides: Partial<AnalyticsSpendResponse> = {}): AnalyticsSpendResponse {
  return {
    currency: 'USD',
    groupBy: 'department',
    interval: 'month',
    from: '2026-01-01',
    to: '2026-02-28',
    periods,
    series: [
      {
        key: 'Engineering',
        label: 'Engineering',
        totalMinor: 300_000,
        actual: [100_000, 200_000],
        committed: [90_000, 90_000],
        drill: { department: 'Engineering' },
      },
      {
        key: 'other',
        label: 'Other',
        totalMinor: 50_000,
        actual: [20_000, 30_000],
        committed: [10_000, 10_000],
        drill: { exceptBy: 'department', except: 'Engineering' },
      },
    ],
    totals: { actualMinor: 350_000, committedMinor: 200_000, employees: 10, costPerEmployeeMinor: 35_000 },
    unconverted: [{ currency: 'EUR', amountMinor: 12_345, count: 2 }],
    compare: null,
    ...overrides,
  };
}

export const emptySpend = (): AnalyticsSpendResponse =>
  spend({
    series: [{ key: '', label: 'Total', totalMinor: 0, actual: [0, 0], committed: [0, 0], drill: {} }],
    totals: { actualMinor: 0, committedMinor: 0, employees: null, costPerEmployeeMinor: null },
    unconverted: [],
  });

export const forecast: AnalyticsForecastResponse = {
  currency: 'USD',
  method: 'Committed renewals of active applications plus the average of the last 6 months of other spend.',
  from: '2026-03-01',
  to: '2026-03-31',
  history: [{ month: '2026-02', actualMinor: 230_000 }],
  months: [
    { month: '2026-03', actualMinor: 40_000, committedMinor: 100_000, trendMinor: 25_000, forecastMinor: 165_000 },
  ],
  totalMinor: 165_000,
};

export const movers: AnalyticsMoversResponse = {
  currency: 'USD',
  from: '2026-01-01',
  to: '2026-02-28',
  previousFrom: '2025-11-01',
  previousTo: '2025-12-31',
  increases: [
    {
      subscriptionId: APP_ID,
      name: 'Figma',
      previousMinor: 10_000,
      currentMinor: 25_000,
      changeMinor: 15_000,
      kind: 'change',
      changePercent: 150,
    },
    {
      subscriptionId: null,
      name: 'Tableau',
      previousMinor: 0,
      currentMinor: 12_000,
      changeMinor: 12_000,
      kind: 'new',
      changePercent: null,
    },
  ],
  decreases: [],
};

export const budgets: AnalyticsBudgetsResponse = {
  currency: 'USD',
  from: '2026-01-01',
  to: '2026-02-28',
  budgets: [
    {
      budgetId: 'b1',
      name: 'Engineering tools',
      scope: 'Department: Engineering',
      currency: 'USD',
      budgetMinor: 250_000,
      actualMinor: 300_000,
      percent: 120,
      status: 'over',
    },
  ],
};

export const pivot: AnalyticsPivotResponse = {
  currency: 'USD',
  from: '2026-01-01',
  to: '2026-02-28',
  rows: [{ key: CATEGORY_ID, label: 'Design', drill: { categoryId: CATEGORY_ID } }],
  columns: [
    { key: 'Engineering', label: 'Engineering', drill: { department: 'Engineering' } },
    { key: 'other', label: 'Other', drill: { exceptBy: 'department', except: 'Engineering' } },
  ],
  cells: [[40_000, 5_000]],
  rowTotals: [45_000],
  columnTotals: [40_000, 5_000],
  totalMinor: 45_000,
  unconverted: [],
};
