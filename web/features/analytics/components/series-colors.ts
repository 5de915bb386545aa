import { SERIES_COLORS } from '@/components/charts/chart-style';

const OTHER = '#94a3b8';

/** The n-th series' colour; "Other" always grey. */
export function seriesColor(index: number, key: string): string {
  if (key === 'other') return OTHER;
  return SERIES_COLORS[index % (SERIES_COLORS.length - 1)] ?? OTHER;
}
