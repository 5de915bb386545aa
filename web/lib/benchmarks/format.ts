import type { BenchmarkTerm } from '@common/contracts/benchmarks';
import { formatMoneyMinor } from '@/lib/format';

/** Normalised prices may carry fractions of a cent (a year's price over 12 months): shown rounded. */
export function money(minor: number, currency: string): string {
  return formatMoneyMinor(Math.round(minor), currency);
}

/** "$12.00 per seat per month" / "$500.00 per month". */
export function perMonthText(minor: number, currency: string, unit: 'user' | 'flat'): string {
  return `${money(minor, currency)} ${unit === 'user' ? 'per seat per month' : 'per month'}`;
}

/** +18.4% / −5% (a real minus sign); `digits` decimals at most. */
export function signedPercent(value: number, digits = 1): string {
  const rounded = Number(Math.abs(value).toFixed(digits));
  if (rounded === 0) return '0%';
  return `${value > 0 ? '+' : '−'}${rounded}%`;
}

/** 1st, 2nd, 3rd, 11th, 62nd. */
export function ordinal(n: number): string {
  const rounded = Math.round(n);
  const tens = rounded % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[rounded % 10] ?? 'th');
  return `${rounded}${suffix}`;
}

export const TERM_LABELS: Record<BenchmarkTerm, string> = {
  monthly: 'monthly terms',
  annual: 'annual terms',
  'multi-year': 'multi-year terms',
};
