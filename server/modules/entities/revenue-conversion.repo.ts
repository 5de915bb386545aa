// Brand revenue in the reporting currency, for brand profitability.
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brandRevenue } from '../../db/schema';

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
