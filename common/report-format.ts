// How a report's values read as text: one function for the screen, the PDF and the e-mail summary,
// so every format shows the same figure the same way.
import type { ValueFormat } from './contracts/reports';
import { formatAmount, formatMoney } from './money';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** '2026-03-07' → '7 Mar 2026'. */
export function formatReportDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return date;
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** '1 Nov 2025 – 31 Oct 2026'. */
export function formatPeriod(from: string, to: string): string {
  return `${formatReportDate(from)} – ${formatReportDate(to)}`;
}

/** A cell or KPI as text; money is minor units in `currency`, percents are 0–100. */
export function formatReportValue(
  value: string | number | null | undefined,
  format: ValueFormat,
  currency: string,
  options: { compact?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return format === 'date' ? formatReportDate(value) : value;
  switch (format) {
    case 'money':
      if (options.compact) {
        try {
          return formatMoney(Math.round(value), currency, 'en-US', { compact: true });
        } catch {
          return formatAmount(Math.round(value), currency);
        }
      }
      return formatAmount(Math.round(value), currency);
    case 'percent':
      return `${numberFormat.format(value)} %`;
    default:
      return numberFormat.format(value);
  }
}
