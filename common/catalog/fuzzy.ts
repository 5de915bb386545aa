// String-similarity primitives used by the catalogue search and merchant matcher.

// Three reusable rows for the distance table, grown on demand (no allocation per call).
let rows: Int32Array[] = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * Optimal-string-alignment Damerau–Levenshtein distance (insert, delete, substitute, swap adjacent).
 * Gives up early and returns `max + 1` once the distance is known to exceed `max`.
 */
export function damerauLevenshtein(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n === 0) return m;
  if (m === 0) return n;
  if (rows[0].length <= m) rows = rows.map(() => new Int32Array(2 * (m + 1)));
  let [prevPrev, prev, curr] = rows;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    curr[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(prev[j] + 1, curr[j - 1] + 1, prev[j - 1] + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        d = Math.min(d, prevPrev[j - 2] + 1);
      }
      curr[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, curr] = [prev, curr, prevPrev];
  }
  return prev[m];
}

/** Trigrams of a word padded with one boundary marker on each side: 'slack' → $sl sla lac ack ck$. */
export function trigrams(word: string): string[] {
  const padded = `$${word}$`;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}

/** Sørensen–Dice coefficient of two trigram sets (0..1). */
export function diceCoefficient(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** How many typos a word of this length may carry and still count as a match. */
export function typoBudget(length: number): number {
  if (length <= 3) return 0;
  if (length <= 6) return 1;
  return 2;
}
