// The one sentence for amounts left out of a converted figure for want of an exchange rate: it names
// the pair, whose amounts they are (a brand, an entity) and the months, so the reader knows which
// rate to add — "No EUR→USD rate for Kestrel in Mar 2026".
import { formatProseMonth, plural } from './wording';

/** "Mar 2026" from '2026-03' or '2026-03-01': the one prose month (common/wording.ts). */
export const monthName = (month: string): string => formatProseMonth(month);

/** How many months a sentence names before it says "and N more months". */
const NAMED_MONTHS = 3;

/**
 * The months in words, in order, consecutive ones as a range: "Mar 2026", "Jan and Mar 2026",
 * "Nov 2025 – Feb 2026", "Jan 2025, Mar 2025, May 2025 and 4 more months".
 */
export function monthsInWords(months: readonly string[]): string {
  const sorted = [...new Set(months.map((m) => m.slice(0, 7)))].sort();
  const runs: Array<[string, string]> = [];
  for (const month of sorted) {
    const last = runs.at(-1);
    if (last && nextMonth(last[1]) === month) last[1] = month;
    else runs.push([month, month]);
  }
  const words = runs.map(([from, to]) =>
    from === to ? monthName(from) : `${monthName(from)} – ${monthName(to)}`,
  );
  if (words.length === 1) return words[0]!;
  const named = words.slice(0, NAMED_MONTHS);
  const more = words.length - named.length;
  if (more > 0) return `${named.join(', ')} and ${plural(more, 'more month', 'more months')}`;
  // Two single months of one year: "Jan and Mar 2026".
  if (
    named.length === 2 &&
    runs.every(([f, t]) => f === t) &&
    sorted[0]!.slice(0, 4) === sorted[1]!.slice(0, 4)
  ) {
    return `${monthName(sorted[0]!).slice(0, -5)} and ${monthName(sorted[1]!)}`;
  }
  return `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export interface RateGap {
  /** The amounts' currency. */
  from: string;
  /** The currency they could not be converted into. */
  to: string;
  /** Whose amounts: a brand's or an entity's name, or what they are ("Kestrel's revenue"). */
  whose?: string | null;
  /** The months (YYYY-MM or a first day) with amounts left out. */
  months: readonly string[];
}

/** "No EUR→USD rate for Kestrel in March 2026" (without `whose`: "No EUR→USD rate in March 2026"). */
export function missingRateText(gap: RateGap): string {
  const whose = gap.whose ? ` for ${gap.whose}` : '';
  const when = gap.months.length > 0 ? ` in ${monthsInWords(gap.months)}` : '';
  return `No ${gap.from}→${gap.to} rate${whose}${when}`;
}
