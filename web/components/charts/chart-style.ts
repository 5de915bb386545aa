// Shared Recharts styling: theme colours through CSS variables, muted axes.

export const tooltipStyle = {
  contentStyle: { background: 'var(--popover)', border: '1px solid var(--border)', borderRadius: 8, fontSize: 12 },
  labelStyle: { color: 'var(--foreground)', fontWeight: 600 },
  itemStyle: { color: 'var(--foreground)' },
};

export const axisStyle = { tick: { fill: 'currentColor', fontSize: 12 }, stroke: 'currentColor', strokeOpacity: 0.25 };

/** Distinct series colours that read on light and dark backgrounds. */
export const SERIES_COLORS = ['#6366f1', '#0ea5e9', '#10b981', '#f59e0b', '#ec4899', '#8b5cf6', '#94a3b8'];

const monthFormatter = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** 'YYYY-MM' → "Jan 26". */
export function monthLabel(month: string): string {
  return monthFormatter.format(new Date(`${month}-01T00:00:00Z`));
}

/** The legend under a chart with more than one series. */
export const legendStyle = { wrapperStyle: { fontSize: 12 } };
