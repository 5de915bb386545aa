import { CURRENCY_CODES } from '@common/money';

const FIRST = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'];
const names = new Intl.DisplayNames(['en'], { type: 'currency' });

/** Every currency the server accepts, most common first, with its English name. */
export const CURRENCY_OPTIONS: Array<{ code: string; name: string }> = [
  ...FIRST,
  ...[...CURRENCY_CODES].filter((code) => !FIRST.includes(code)).sort(),
].map((code) => ({ code, name: names.of(code) ?? code }));

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
