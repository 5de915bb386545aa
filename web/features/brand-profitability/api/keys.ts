export interface BrandRevenue {
  brandId: string;
  items: Array<{ month: string; amountMinor: number; currency: string }>;
}

export const brandProfitabilityKeys = {
  all: ['brand-profitability'] as const,
  report: (from: string, to: string) => ['brand-profitability', 'report', from, to] as const,
  summary: (id: string) => ['brand-profitability', 'summary', id] as const,
  revenue: (id: string) => ['brand-profitability', 'revenue', id] as const,
};
