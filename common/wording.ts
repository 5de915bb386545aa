// How every sentence says a count and a date: one plural and one prose date, so no screen, e-mail,
// report or document reads "in 1 days", "1 seats" or "renews on 2026-12-06" next to "Dec 6, 2026".

/** Words whose plural is not the singular plus "s". */
const IRREGULAR: Record<string, string> = {
  person: 'people',
  is: 'are',
  was: 'were',
  has: 'have',
  does: 'do',
  entry: 'entries',
  category: 'categories',
  company: 'companies',
  policy: 'policies',
  currency: 'currencies',
  'this seat': 'these seats',
};

/** The word for `n` of it, without the number: pluralWord(1, 'seat') → 'seat', (2, 'seat') → 'seats'. */
export function pluralWord(n: number, singular: string, pluralForm?: string): string {
  if (n === 1 || n === -1) return singular;
  if (pluralForm) return pluralForm;
  const irregular = IRREGULAR[singular];
  if (irregular) return irregular;
  if (/[^aeiou]y$/.test(singular)) return `${singular.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(singular)) return `${singular}es`;
  return `${singular}s`;
}

const countFormat = new Intl.NumberFormat('en-US');

/** A count and its word: plural(1, 'seat') → '1 seat', plural(1200, 'seat') → '1,200 seats'. */
export function plural(n: number, singular: string, pluralForm?: string): string {
  return `${countFormat.format(n)} ${pluralWord(n, singular, pluralForm)}`;
}

/** 'today', 'tomorrow', 'in 5 days'; past days read 'yesterday', '3 days ago'. */
export function inDays(n: number): string {
  if (n === 0) return 'today';
  if (n === 1) return 'tomorrow';
  if (n === -1) return 'yesterday';
  return n > 0 ? `in ${plural(n, 'day')}` : `${plural(-n, 'day')} ago`;
}

/** A span of days as a length: '1 day', '30 days'. */
export const daysText = (n: number): string => plural(n, 'day');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar date ('YYYY-MM-DD', or an ISO timestamp whose first ten characters are its UTC day)
 * as prose: '2026-12-06' → 'Dec 6, 2026'. The same text on screens, in e-mails, reports and packs.
 * Anything that is not a date is returned unchanged.
 */
export function formatProseDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const [, y, m, d] = match;
  const month = MONTHS[Number(m) - 1];
  if (!month || Number(d) < 1 || Number(d) > 31) return date;
  return `${month} ${Number(d)}, ${y}`;
}

/** '2026-12' or '2026-12-01' → 'Dec 2026'. */
export function formatProseMonth(date: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[1]}` : date;
}

/** A period between two calendar dates: 'Dec 1, 2025 – Nov 30, 2026'. */
export function formatProsePeriod(from: string, to: string): string {
  return `${formatProseDate(from)} – ${formatProseDate(to)}`;
}

/** Matches an ISO calendar date standing in a sentence (for tests that prose never shows one). */
export const ISO_DATE_IN_PROSE = /\b\d{4}-\d{2}-\d{2}\b/;
/** Matches a count that disagrees with its noun: '1 days', '1 seats', '0 day'… (for tests). */
export const BAD_PLURAL =
  /(?<![\d.,])1 (days|seats|licenses|people|applications|renewals|alerts|charges|months)\b|\bin 0 days\b/;

/** A moment as prose, in UTC: '2026-12-02T04:03:10Z' → 'Dec 2, 2026, 04:03 UTC'. */
export function formatProseDateTime(iso: string | Date): string {
  const text = typeof iso === 'string' ? new Date(iso).toISOString() : iso.toISOString();
  return `${formatProseDate(text)}, ${text.slice(11, 16)} UTC`;
}

/** A notice period as prose: "1 day's notice", "30 days' notice". */
export const daysNotice = (n: number): string => (n === 1 ? "1 day's notice" : `${plural(n, 'day')}' notice`);
