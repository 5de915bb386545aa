// The allocation editor's arithmetic, on basis points so that 33.33 + 33.33 + 33.34 is exactly 100 %.
import { FULL_SHARE_BP } from '@common/contracts/entities';
import { splitMinor } from '@common/allocation';

export interface ShareRow {
  /** Stable React key: rows are added and removed in the middle. */
  key: number;
  entityId: string;
  brandId: string;
  /** As typed: "60", "33.33", "12,5". */
  percent: string;
}

/** "33.33" → 3333; null unless above 0, at most 100 and with at most two decimals. */
export function percentToBp(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  const bp = Math.round(Number(normalized) * 100);
  return bp > 0 && bp <= FULL_SHARE_BP ? bp : null;
}

/** 3333 → "33.33", 5000 → "50". */
export const formatBp = (bp: number): string => String(bp / 100);

/** The sum of the rows' valid percentages, in basis points. */
export const totalBp = (rows: readonly ShareRow[]): number =>
  rows.reduce((sum, row) => sum + (percentToBp(row.percent) ?? 0), 0);

/** 100 % over `count` rows, the odd hundredths to the first rows: 3 → 33.34, 33.33, 33.33. */
export function evenPercents(count: number): string[] {
  return splitMinor(FULL_SHARE_BP, Array<number>(count).fill(1)).map(formatBp);
}

/** Why the rows cannot be saved as a fixed allocation, or null when they can. */
export function sharesProblem(rows: readonly ShareRow[]): string | null {
  if (rows.length === 0) return 'Add at least one share';
  if (rows.some((r) => !r.entityId || !r.brandId)) return 'Choose an entity and a brand on every row';
  if (rows.some((r) => percentToBp(r.percent) === null))
    return 'Each share is a percentage above 0 and at most 100, with up to two decimals';
  if (new Set(rows.map((r) => `${r.entityId}/${r.brandId}`)).size !== rows.length)
    return 'Each entity and brand pair may appear once';
  const total = totalBp(rows);
  if (total !== FULL_SHARE_BP) return `Shares must add up to 100 % (they add up to ${formatBp(total)} %)`;
  return null;
}
