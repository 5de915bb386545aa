/**
 * The address of the expenses ledger showing the charges behind a figure: an analytics drill
 * (`{ categoryId }`, `{ department }`, `{ unmatched: 'true' }`, … see common/contracts/analytics.ts)
 * and the period's dates. Entity and brand use the names of the app-wide allocation filter.
 */
const URL_NAMES: Record<string, string> = { entityId: 'entity', brandId: 'brand' };

export function ledgerHref(
  drill: Record<string, string>,
  period: { from: string; to: string },
  allocation: { entityId?: string; brandId?: string } = {},
): string {
  const params = new URLSearchParams();
  const add = (key: string, value: string | undefined) => {
    if (value) params.set(URL_NAMES[key] ?? key, value);
  };
  // The page's entity/brand filter first: the series' own drill narrows further and wins.
  add('entityId', allocation.entityId);
  add('brandId', allocation.brandId);
  for (const [key, value] of Object.entries(drill)) add(key, value);
  params.set('from', period.from);
  params.set('to', period.to);
  return `/app/expenses?${params.toString()}`;
}
