// Display formatting: en-US, money in the organization's currency (spec §9, DESIGN §3).

const currencyFormatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string, compact: boolean): Intl.NumberFormat {
  const key = `${currency}:${compact}`;
  let formatter = currencyFormatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        ...(compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}),
      });
    } catch {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    }
    currencyFormatters.set(key, formatter);
  }
  return formatter;
}

/** Digits after the decimal point of a currency (2 for USD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  return currencyFormatter(currency, false).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Formats an integer amount of minor units (cents) in the given currency, e.g. 123456 → "$1,234.56". */
export function formatMoneyMinor(amountMinor: number, currency = 'USD', options: { compact?: boolean } = {}): string {
  const major = amountMinor / 10 ** currencyDigits(currency);
  return currencyFormatter(currency, options.compact ?? false).format(major);
}

/** Formats a whole amount of major units, e.g. 49 → "$49.00"; `whole` drops the cents. */
export function formatMoney(amount: number, currency = 'USD', options: { whole?: boolean } = {}): string {
  if (!options.whole) return currencyFormatter(currency, false).format(amount);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
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
