// The organization's report branding (Scale): a jsonb column of the organization row, read and
// written only here.
import { eq } from 'drizzle-orm';
import type { ReportBranding } from '../../../common/contracts/reports';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';

export async function getReportBranding(db: DbOrTx, orgId: string): Promise<ReportBranding> {
  const [row] = await db
    .select({ branding: organizations.reportBranding })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  return row?.branding ?? {};
}

/** Replaces the branding; returns what was there before (e.g. the old logo's key to delete). */
export async function setReportBranding(
  db: DbOrTx,
  orgId: string,
  branding: ReportBranding,
  now: Date,
): Promise<ReportBranding> {
  const before = await getReportBranding(db, orgId);
  await db
    .update(organizations)
    .set({ reportBranding: branding, updatedAt: now })
    .where(eq(organizations.id, orgId));
  return before;
}
