import { formatMonthRange } from '@common/analytics-range';
import {
  ANALYTICS_DIMENSION_LABELS,
  ANALYTICS_DIMENSIONS,
  ANALYTICS_PRESET_LABELS,
  ANALYTICS_PRESETS,
  type AnalyticsInterval,
} from '@common/contracts/analytics';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AllocationFilterSelect } from '@/components/entities/lazy-allocation-filter-select';
import { COMPARE_LABELS, COMPARE_MODES, monthRange, type CompareMode, type Range } from './range';
import { ScaleLockedButton } from './scale-locked';
import type { AnalyticsParams, useAnalyticsParams } from './use-analytics-params';

const INTERVAL_LABELS: Record<AnalyticsInterval, string> = {
  month: 'Month',
  quarter: 'Fiscal quarter',
  year: 'Fiscal year',
};
const CUSTOM = 'custom';

interface Props {
  params: AnalyticsParams;
  update: ReturnType<typeof useAnalyticsParams>['update'];
  /** The dates the page shows (a preset resolved), for the custom month pickers. */
  range: Range;
  advanced: boolean;
}

/** Range, comparison, interval, group-by and entity/brand: everything the figures below depend on. */
export function AnalyticsControls({ params, update, range, advanced }: Props) {
  // Custom ranges are whole months; a month picked past the other end moves that end along.
  const setMonth = (key: 'from' | 'to', month: string) => {
    if (!/^\d{4}-\d{2}$/.test(month)) return;
    const picked = monthRange(month, month);
    const from = key === 'from' ? picked.from : range.from;
    const to = key === 'to' ? picked.to : range.to;
    if (from <= to) update({ preset: null, from, to });
    else update({ preset: null, ...picked });
  };
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="analytics-controls">
      <Field label="Date range" id="analytics-range">
        <NativeSelect
          id="analytics-range"
          className="w-44"
          value={params.preset ?? CUSTOM}
          onChange={(e) =>
            e.target.value === CUSTOM
              ? update({ preset: null, from: range.from, to: range.to })
              : update({
                  preset: e.target.value as AnalyticsParams['preset'],
                  from: undefined,
                  to: undefined,
                })
          }
        >
          {ANALYTICS_PRESETS.map((p) => (
            <option key={p} value={p}>
              {ANALYTICS_PRESET_LABELS[p]}
            </option>
          ))}
          {advanced && <option value={CUSTOM}>Custom months</option>}
        </NativeSelect>
      </Field>
      <p className="pb-2 text-sm text-muted-foreground" data-testid="analytics-window">
        {formatMonthRange(range)}
      </p>
      {advanced ? (
        <>
          <Field label="From month" id="analytics-from">
            <Input
              id="analytics-from"
              type="month"
              className="w-40"
              value={range.from.slice(0, 7)}
              max={range.to.slice(0, 7)}
              onChange={(e) => setMonth('from', e.target.value)}
            />
          </Field>
          <Field label="To month" id="analytics-to">
            <Input
              id="analytics-to"
              type="month"
              className="w-40"
              value={range.to.slice(0, 7)}
              min={range.from.slice(0, 7)}
              onChange={(e) => setMonth('to', e.target.value)}
            />
          </Field>
          <Field label="Compare with" id="analytics-compare">
            <NativeSelect
              id="analytics-compare"
              className="w-48"
              value={params.compare ?? ''}
              onChange={(e) => update({ compare: (e.target.value || null) as CompareMode | null })}
            >
              <option value="">No comparison</option>
              {COMPARE_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {COMPARE_LABELS[mode]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </>
      ) : (
        <>
          <ScaleLockedButton reason="Custom date ranges need the Scale plan.">Custom range</ScaleLockedButton>
          <ScaleLockedButton reason="Comparing periods needs the Scale plan.">
            Compare periods
          </ScaleLockedButton>
        </>
      )}
      <Field label="Interval" id="analytics-interval">
        <NativeSelect
          id="analytics-interval"
          className="w-40"
          value={params.interval}
          onChange={(e) => update({ interval: e.target.value as AnalyticsInterval })}
        >
          {Object.entries(INTERVAL_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Group by" id="analytics-group">
        <NativeSelect
          id="analytics-group"
          className="w-44"
          value={params.groupBy}
          onChange={(e) => update({ groupBy: e.target.value as AnalyticsParams['groupBy'] })}
        >
          {ANALYTICS_DIMENSIONS.map((d) => (
            <option key={d} value={d}>
              {d === 'none' ? 'Nothing (total)' : ANALYTICS_DIMENSION_LABELS[d]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <AllocationFilterSelect />
    </div>
  );
}

function Field({ label, id, children }: { label: string; id: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children}
    </div>
  );
}
