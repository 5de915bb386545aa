import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  ANALYTICS_DIMENSIONS,
  ANALYTICS_INTERVALS,
  ANALYTICS_PRESETS,
  type AnalyticsDimension,
  type AnalyticsInterval,
  type AnalyticsPreset,
} from '@common/contracts/analytics';
import { useAllocationFilter } from '@/lib/entities/use-allocation-filter';
import { COMPARE_MODES, isWholeMonthRange, type CompareMode } from './range';

export const ANALYTICS_TABS = ['overview', 'pivot'] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

export interface AnalyticsParams {
  /** Null when a custom from/to is set. */
  preset: AnalyticsPreset | null;
  from?: string;
  to?: string;
  groupBy: AnalyticsDimension;
  interval: AnalyticsInterval;
  compare: CompareMode | null;
  tab: AnalyticsTab;
  rows: AnalyticsDimension;
  columns: AnalyticsDimension;
  entityId?: string;
  brandId?: string;
}

type Editable = Omit<AnalyticsParams, 'entityId' | 'brandId'>;

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** Defaults stay out of the address, so a saved view or a shared link carries only what was chosen. */
const DEFAULTS: Partial<Record<keyof Editable, string>> = {
  preset: 'last_12_months',
  groupBy: 'none',
  interval: 'month',
  tab: 'overview',
  rows: 'category',
  columns: 'department',
};

/** Every choice of the analytics page, in the URL (entity and brand: the app-wide filter's names). */
export function useAnalyticsParams() {
  const [params, setParams] = useSearchParams();
  const { filter } = useAllocationFilter();
  const search = params.toString();
  const value = useMemo<AnalyticsParams>(() => {
    const p = new URLSearchParams(search);
    const from = p.get('from') ?? '';
    const to = p.get('to') ?? '';
    const custom = isWholeMonthRange(from, to);
    return {
      preset: custom ? null : pick(ANALYTICS_PRESETS, p.get('preset'), 'last_12_months'),
      ...(custom ? { from, to } : {}),
      groupBy: pick(ANALYTICS_DIMENSIONS, p.get('groupBy'), 'none'),
      interval: pick(ANALYTICS_INTERVALS, p.get('interval'), 'month'),
      compare: (COMPARE_MODES as readonly string[]).includes(p.get('compare') ?? '')
        ? (p.get('compare') as CompareMode)
        : null,
      tab: pick(ANALYTICS_TABS, p.get('tab'), 'overview'),
      rows: pick(ANALYTICS_DIMENSIONS, p.get('rows'), 'category'),
      columns: pick(ANALYTICS_DIMENSIONS, p.get('columns'), 'department'),
      ...filter,
    };
  }, [search, filter]);

  const update = useCallback(
    (change: Partial<Editable>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, v] of Object.entries(change)) {
            if (v === null || v === undefined || v === '' || DEFAULTS[key as keyof Editable] === v)
              next.delete(key);
            else next.set(key, String(v));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { params: value, update };
}
