// Brand revenue per month, entered or imported: brand data, kept with the brands (the brand
// profitability module reads and writes it through these).
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brandRevenue } from '../../db/schema';

export interface RevenueRow {
  brandId: string;
  /** First day of the month. */
  month: string;
  amountMinor: number;
  currency: string;
}

export async function listRevenue(db: DbOrTx, orgId: string, brandId: string) {
  return db
    .select({
      month: brandRevenue.month,
      amountMinor: brandRevenue.amountMinor,
      currency: brandRevenue.currency,
    })
    .from(brandRevenue)
    .where(and(eq(brandRevenue.organizationId, orgId), eq(brandRevenue.brandId, brandId)))
    .orderBy(asc(brandRevenue.month));
}

/** Writes the given months (in one transaction when `db` is one); months not given keep what they had. */
export async function upsertRevenue(
  db: DbOrTx,
  orgId: string,
  userId: string,
  rows: RevenueRow[],
  now: Date,
) {
  // In chunks: a statement takes at most 65,535 parameters.
  for (let i = 0; i < rows.length; i += 2000) {
    await db
      .insert(brandRevenue)
      .values(
        rows
          .slice(i, i + 2000)
          .map((r) => ({ organizationId: orgId, ...r, updatedBy: userId, updatedAt: now })),
      )
      .onConflictDoUpdate({
        target: [brandRevenue.organizationId, brandRevenue.brandId, brandRevenue.month],
        set: {
          amountMinor: sql`excluded.amount_minor`,
          currency: sql`excluded.currency`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

/**
 * Revenue of the period converted into `currency` with the rate of the month's last day, or today's
 * for the month under way (fx_rate, migration 0024); `convertedMinor` is null when there is no rate.
 */
export async function convertedRevenue(
  db: DbOrTx,
  orgId: string,
  currency: string,
  fromMonth: string,
  toMonth: string,
  /** Today: the current month's revenue is converted at today's rate (its last day's is to come). */
  today: string,
) {
  const r = brandRevenue;
  const lastDay = sql`least((${r.month} + interval '1 month' - interval '1 day')::date, ${today}::date)`;
  const rows = await db
    .select({
      brandId: r.brandId,
      month: sql<string>`to_char(${r.month}, 'YYYY-MM')`,
      amountMinor: r.amountMinor,
      currency: r.currency,
      convertedMinor: sql<
        string | null
      >`round(${r.amountMinor} * fx_rate(${orgId}::uuid, ${r.currency}, ${currency}, ${lastDay})
        * power(10::numeric, currency_exponent(${currency}) - currency_exponent(${r.currency})))::text`,
    })
    .from(r)
    .where(and(eq(r.organizationId, orgId), gte(r.month, fromMonth), lte(r.month, toMonth)));
  return rows.map((row) => ({
    ...row,
    convertedMinor: row.convertedMinor === null ? null : Number(row.convertedMinor),
  }));
}
