import { SERIES_COLORS } from '@/features/expenses';

const OTHER = '#94a3b8';

/** The n-th series' colour; "Other" always grey. */
export function seriesColor(index: number, key: string): string {
  if (key === 'other') return OTHER;
  return SERIES_COLORS[index % (SERIES_COLORS.length - 1)] ?? OTHER;
}
