import { formatMoney, isCurrencyCode } from '@common/money';
import { formatProseDate } from '@common/wording';

// Display formatting: en-US (spec §9), money in the organization's currency.

/** A minor-unit amount in the given currency, e.g. (123456, 'USD') → "$1,234.56"; unknown codes show as USD. */
export function formatMoneyMinor(
  amountMinor: number,
  currency = 'USD',
  options: { compact?: boolean } = {},
): string {
  return formatMoney(amountMinor, isCurrencyCode(currency) ? currency : 'USD', 'en-US', options);
}

const wholeFormatters = new Map<string, Intl.NumberFormat>();

/** A whole major-unit amount without cents, for list prices: 49 → "$49", 1990 → "$1,990". */
export function formatWholeMoney(amount: number, currency = 'USD'): string {
  let formatter = wholeFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    wholeFormatters.set(currency, formatter);
  }
  return formatter.format(amount);
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

const dateFormatter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatDate(value: string | Date): string {
  return dateFormatter.format(typeof value === 'string' ? new Date(value) : value);
}

const relativeFormatter = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** "3 hours ago", "yesterday", "in 2 days". */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return relativeFormatter.format(seconds, 'second');
  if (abs < 3600) return relativeFormatter.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relativeFormatter.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return relativeFormatter.format(Math.round(seconds / 86_400), 'day');
  if (abs < 365 * 86_400) return relativeFormatter.format(Math.round(seconds / (30 * 86_400)), 'month');
  return relativeFormatter.format(Math.round(seconds / (365 * 86_400)), 'year');
}

/** A calendar date ('YYYY-MM-DD', no time zone) as 'Dec 1, 2026', the same day everywhere. */
export function formatCalendarDate(date: string): string {
  return formatProseDate(date);
}
