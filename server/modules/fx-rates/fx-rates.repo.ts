import { and, asc, desc, eq, getTableColumns, gte, lte, or, sql } from 'drizzle-orm';
import type { FxRateSource } from '../../../common/contracts/fx-rates';
import { bulkInsert } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { fxRates } from '../../db/schema';
import type { RateRow } from './rates-file';

export type FxRateRow = typeof fxRates.$inferSelect;

/** Newest first; `currency` matches either side of the pair. */
export function listRates(
  db: DbOrTx,
  orgId: string,
  filter: { from?: string; to?: string; currency?: string; limit: number },
) {
  const r = fxRates;
  return db
    .select()
    .from(r)
    .where(
      and(
        eq(r.organizationId, orgId),
        filter.from ? gte(r.date, filter.from) : undefined,
        filter.to ? lte(r.date, filter.to) : undefined,
        filter.currency ? or(eq(r.base, filter.currency), eq(r.quote, filter.currency)) : undefined,
      ),
    )
    .orderBy(desc(r.date), asc(r.base), asc(r.quote))
    .limit(filter.limit);
}

/** The stored rates of these days and pairs. */
export async function findRates(
  db: DbOrTx,
  orgId: string,
  keys: ReadonlyArray<{ date: string; base: string; quote: string }>,
): Promise<FxRateRow[]> {
  const r = fxRates;
  const wanted = keys.map(({ date, base, quote }) => ({ date, base, quote }));
  return db
    .select(getTableColumns(r))
    .from(r)
    .innerJoin(
      sql`json_to_recordset(${JSON.stringify(wanted)}::json) as k(date date, base text, quote text)`,
      sql`k.date = ${r.date} and k.base = ${r.base} and k.quote = ${r.quote}`,
    )
    .where(eq(r.organizationId, orgId))
    .orderBy(asc(r.date), asc(r.base), asc(r.quote));
}

/** Rates of one statement per chunk must not repeat a key: the last of a (date, base, quote) wins. */
export function lastPerKey(rows: readonly RateRow[]): RateRow[] {
  const byKey = new Map<string, RateRow>();
  for (const row of rows) byKey.set(`${row.date}|${row.base}|${row.quote}`, row);
  return [...byKey.values()];
}

const CHUNK = 25_000;

/**
 * Inserts or replaces the rates (one statement per 25,000: the rollup triggers recompute the months
 * each statement reaches). `keepOthers`: a feed does not overwrite a rate someone entered or imported.
 */
export async function upsertRates(
  db: DbOrTx,
  orgId: string,
  rows: readonly RateRow[],
  source: FxRateSource,
  now: Date,
  options: { keepOthers?: boolean } = {},
): Promise<void> {
  const unique = lastPerKey(rows).sort((a, b) => a.date.localeCompare(b.date));
  const update = sql`on conflict (organization_id, base, quote, date) do update
    set rate = excluded.rate, source = excluded.source, created_at = excluded.created_at`;
  await bulkInsert(
    db,
    fxRates,
    unique.map((row) => ({ organizationId: orgId, ...row, source, createdAt: now })),
    {
      chunkSize: CHUNK,
      onConflict: options.keepOthers ? sql`${update} where ${fxRates.source} = ${source}` : update,
    },
  );
}

export async function deleteRate(
  db: DbOrTx,
  orgId: string,
  key: { date: string; base: string; quote: string },
): Promise<boolean> {
  const r = fxRates;
  const deleted = await db
    .delete(r)
    .where(
      and(eq(r.organizationId, orgId), eq(r.date, key.date), eq(r.base, key.base), eq(r.quote, key.quote)),
    )
    .returning({ date: r.date });
  return deleted.length > 0;
}
