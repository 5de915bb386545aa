import { formatMoneyMinor } from '@/lib/format';

/** Money of the page, in the organization's currency; compact on chart axes. */
export const money = (minor: number, currency: string) => formatMoneyMinor(minor, currency);
export const axisMoney = (currency: string) => (minor: number) =>
  formatMoneyMinor(minor, currency, { compact: true });

/** "+12.5 %", "−3.0 %"; a dash when there was nothing to compare with. */
export function signedPercent(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${Math.abs(value).toFixed(1)} %`;
}

export function signedMoney(minor: number, currency: string): string {
  const sign = minor > 0 ? '+' : minor < 0 ? '−' : '';
  return `${sign}${formatMoneyMinor(Math.abs(minor), currency)}`;
}
