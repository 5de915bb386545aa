export const analyticsKeys = {
  all: ['analytics'] as const,
  spend: (query: object) => ['analytics', 'spend', query] as const,
  pivot: (query: object) => ['analytics', 'pivot', query] as const,
  forecast: (query: object) => ['analytics', 'forecast', query] as const,
  movers: (query: object) => ['analytics', 'movers', query] as const,
  budgets: (query: object) => ['analytics', 'budgets', query] as const,
  views: () => ['analytics', 'views'] as const,
};

/** Query string of defined values, in a stable order. */
export function toSearch(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
