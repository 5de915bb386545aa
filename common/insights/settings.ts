// An organization's insight thresholds: what counts as idle, too expensive or too close to renewal.
import { z } from 'zod';

export interface InsightSettings {
  /** A seat with no activity in this many days is inactive. */
  inactiveDays: number;
  /** A price rise above this percentage is flagged. */
  priceIncreasePct: number;
  /** Renewals within this many days are sized and checked. */
  renewalLookaheadDays: number;
  /** Seats to keep above the active users at renewal, in percent. */
  seatBufferPct: number;
  /** Seats assigned within this many days are never called idle. */
  recentlyProvisionedDays: number;
  /** Applications everyone must have: never called idle, unused or overlapping. */
  exemptApplicationIds: string[];
  /** Opportunities saving at least this much a year (organization currency, minor units) notify. */
  highValueMinor: number;
}

export const DEFAULT_INSIGHT_SETTINGS: InsightSettings = {
  inactiveDays: 60,
  priceIncreasePct: 7,
  renewalLookaheadDays: 90,
  seatBufferPct: 10,
  recentlyProvisionedDays: 30,
  exemptApplicationIds: [],
  highValueMinor: 100_000,
};

const days = (max: number) => z.number().int().min(1).max(max);

export const insightSettingsSchema = z.object({
  inactiveDays: days(365),
  priceIncreasePct: z.number().min(0).max(100),
  renewalLookaheadDays: days(365),
  seatBufferPct: z.number().int().min(0).max(100),
  recentlyProvisionedDays: z.number().int().min(0).max(365),
  exemptApplicationIds: z.array(z.uuid()).max(1000),
  highValueMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

/** PATCH body: any subset of the settings. */
export const insightSettingsPatch = insightSettingsSchema.partial();

/**
 * Stored settings (possibly partial or from an older version) over the defaults. A stored value that
 * no longer validates (a bound tightened, a field renamed) falls back to its default: the rest of
 * what the organization set still holds, and reading the settings never fails.
 */
export function resolveInsightSettings(stored: Partial<InsightSettings> | null | undefined): InsightSettings {
  const resolved: Record<string, unknown> = { ...DEFAULT_INSIGHT_SETTINGS };
  const given = (stored ?? {}) as Record<string, unknown>;
  for (const [field, schema] of Object.entries(insightSettingsSchema.shape)) {
    if (given[field] === undefined) continue;
    const parsed = schema.safeParse(given[field]);
    if (parsed.success) resolved[field] = parsed.data;
  }
  return resolved as unknown as InsightSettings;
}
