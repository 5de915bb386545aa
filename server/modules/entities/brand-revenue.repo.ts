// Brand revenue per month, entered or imported: brand data, kept with the brands (the brand
// profitability module reads and writes it through these).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brandRevenue } from '../../db/schema';
import { inChunks } from '../../db/bulk-insert';

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
  const values = rows.map((r) => ({ organizationId: orgId, ...r, updatedBy: userId, updatedAt: now }));
  await inChunks(brandRevenue, values, (chunk) =>
    db
      .insert(brandRevenue)
      .values(chunk)
      .onConflictDoUpdate({
        target: [brandRevenue.organizationId, brandRevenue.brandId, brandRevenue.month],
        set: {
          amountMinor: sql`excluded.amount_minor`,
          currency: sql`excluded.currency`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`excluded.updated_at`,
        },
      }),
  );
}
