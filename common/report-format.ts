// How a report's values read as text: one function for the screen, the PDF and the e-mail summary,
// so every format shows the same figure the same way.
import type { ValueFormat } from './contracts/reports';
import { formatAmount, formatMoney } from './money';
import { formatProseDate, formatProsePeriod } from './wording';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** '2026-03-07' → 'Mar 7, 2026': the prose date of every screen, e-mail and document. */
export const formatReportDate = formatProseDate;

/** 'Nov 1, 2025 – Oct 31, 2026'. */
export const formatPeriod = formatProsePeriod;

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
