import {
  INSIGHT_STATE_LABELS,
  INSIGHT_STATES,
  type InsightList,
  type InsightState,
} from '@common/contracts/insights';
import { OPPORTUNITY_TYPES, type OpportunityType } from '@common/insights/opportunity';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OPPORTUNITY_TYPE_LABELS } from '../labels';

export type StateFilter = 'open' | 'snoozed' | InsightState;

/** Type chips with their open counts, and a state select. */
export function InsightFilters({
  totals,
  type,
  state,
  onType,
  onState,
}: {
  totals: InsightList['totals'] | undefined;
  type: OpportunityType | undefined;
  state: StateFilter;
  onType: (type: OpportunityType | undefined) => void;
  onState: (state: StateFilter) => void;
}) {
  const counts = new Map((totals?.byType ?? []).map((t) => [t.type, t.count]));
  const types = OPPORTUNITY_TYPES.filter((t) => (counts.get(t) ?? 0) > 0 || t === type);
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      <div role="group" aria-label="Filter by type" className="flex flex-wrap gap-1.5">
        <Button
          size="sm"
          variant={type ? 'outline' : 'secondary'}
          aria-pressed={!type}
          onClick={() => onType(undefined)}
        >
          All types{totals ? ` (${totals.openCount})` : ''}
        </Button>
        {types.map((t) => (
          <Button
            key={t}
            size="sm"
            variant={type === t ? 'secondary' : 'outline'}
            aria-pressed={type === t}
            onClick={() => onType(t)}
          >
            {OPPORTUNITY_TYPE_LABELS[t]} ({counts.get(t) ?? 0})
          </Button>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <Label htmlFor="insight-state">State</Label>
        <NativeSelect
          id="insight-state"
          className="w-44"
          value={state}
          onChange={(e) => onState(e.target.value as StateFilter)}
        >
          <option value="open">Open</option>
          {INSIGHT_STATES.map((s) => (
            <option key={s} value={s}>
              {INSIGHT_STATE_LABELS[s]}
            </option>
          ))}
          <option value="snoozed">Snoozed</option>
        </NativeSelect>
      </div>
    </div>
  );
}
