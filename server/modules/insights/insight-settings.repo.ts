// An organization's insight thresholds and generation times (insight_settings): one row, made on
// first write; reading an organization without one gives the defaults.
import { eq, sql } from 'drizzle-orm';
import {
  resolveInsightSettings,
  type InsightSettings,
} from '../../../common/insights/settings';
import { DEFAULT_INACTIVITY_DAYS } from '../../../common/licenses';
import type { DbOrTx } from '../../db/client';
import { insightSettings } from '../../db/schema';
import { findOrganization } from '../organizations';

/**
 * "Idle" is the complement of "active in the last N days" (issue 31): N is the organization's one
 * activity window (Licenses → "Inactive after"), whatever an older stored `inactiveDays` says.
 */
async function withActiveWindow(db: DbOrTx, orgId: string, settings: InsightSettings): Promise<InsightSettings> {
  const org = await findOrganization(db, orgId);
  return { ...settings, inactiveDays: org?.licenseInactivityDays ?? DEFAULT_INACTIVITY_DAYS };
}

export interface InsightSettingsState {
  settings: InsightSettings;
  generatedAt: Date | null;
  refreshRequestedAt: Date | null;
}

export async function loadInsightSettings(db: DbOrTx, orgId: string): Promise<InsightSettingsState> {
  const [row] = await db
    .select()
    .from(insightSettings)
    .where(eq(insightSettings.organizationId, orgId));
  return {
    settings: await withActiveWindow(db, orgId, resolveInsightSettings(row?.settings)),
    generatedAt: row?.generatedAt ?? null,
    refreshRequestedAt: row?.refreshRequestedAt ?? null,
  };
}

/**
 * Merges a change into what the organization set (defaults stay implicit) and returns the result.
 * `inactiveDays` is not stored here: the caller writes it as the organization's activity window.
 */
export async function saveInsightSettings(
  db: DbOrTx,
  orgId: string,
  { inactiveDays: _window, ...patch }: Partial<InsightSettings>,
  now: Date,
): Promise<InsightSettings> {
  const [row] = await db
    .insert(insightSettings)
    .values({ organizationId: orgId, settings: patch, updatedAt: now })
    .onConflictDoUpdate({
      target: insightSettings.organizationId,
      set: { settings: sql`${insightSettings.settings} || excluded.settings`, updatedAt: now },
    })
    .returning({ settings: insightSettings.settings });
  return withActiveWindow(db, orgId, resolveInsightSettings(row!.settings));
}

/** Records the end of a generation. */
export async function markGenerated(db: DbOrTx, orgId: string, at: Date): Promise<void> {
  await db
    .insert(insightSettings)
    .values({ organizationId: orgId, generatedAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: insightSettings.organizationId, set: { generatedAt: at } });
}

/**
 * Claims a "Refresh now" for the organization unless one was claimed in the last `minIntervalMs`:
 * one statement, so two servers (or two clicks) racing get one claim. Returns null when claimed,
 * or when the next refresh is allowed.
 */
export async function claimRefresh(
  db: DbOrTx,
  orgId: string,
  now: Date,
  minIntervalMs: number,
): Promise<Date | null> {
  const since = new Date(now.getTime() - minIntervalMs);
  const claimed = await db
    .insert(insightSettings)
    .values({ organizationId: orgId, refreshRequestedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: insightSettings.organizationId,
      set: { refreshRequestedAt: now },
      setWhere: sql`${insightSettings.refreshRequestedAt} is null or ${insightSettings.refreshRequestedAt} <= ${since}`,
    })
    .returning({ at: insightSettings.refreshRequestedAt });
  if (claimed.length > 0) return null;
  const { refreshRequestedAt } = await loadInsightSettings(db, orgId);
  return new Date((refreshRequestedAt ?? now).getTime() + minIntervalMs);
}
