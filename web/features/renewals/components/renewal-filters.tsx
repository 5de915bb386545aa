import {
  DECISION_LABELS,
  RENEWAL_STATUSES,
  RENEWAL_WINDOWS,
  type RenewalStatus,
  type RenewalWindow,
} from '@common/contracts/renewals';
import { LabelledChoiceSelect } from '@/components/ui/choice-select';
import type { RenewalFilters as Filters } from '@/lib/renewals/get-renewals';

interface RenewalFiltersProps {
  window: RenewalWindow;
  onWindow: (window: RenewalWindow) => void;
  filters: Filters;
  onFilters: (filters: Filters) => void;
  owners: Array<{ id: string; name: string }>;
}

/** Window (30/60/90/365 days), owner, status and auto-renewing only. */
export function RenewalFilters({ window, onWindow, filters, onFilters, owners }: RenewalFiltersProps) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <LabelledChoiceSelect
        id="renewal-window"
        label="Renewing within"
        value={window}
        onValueChange={(v) => onWindow(Number(v) as RenewalWindow)}
        className="w-36"
        choices={RENEWAL_WINDOWS.map((days) => ({ value: days, label: `${days} days` }))}
      />
      <LabelledChoiceSelect
        id="renewal-owner"
        label="Owner"
        value={filters.ownerUserId ?? ''}
        onValueChange={(v) => onFilters({ ...filters, ownerUserId: v || undefined })}
        className="w-44"
        emptyLabel="Everyone"
        choices={owners.map((o) => ({ value: o.id, label: o.name }))}
      />
      <LabelledChoiceSelect
        id="renewal-status"
        label="Status"
        value={filters.status ?? ''}
        onValueChange={(v) =>
          onFilters({ ...filters, status: (v || undefined) as RenewalStatus | undefined })
        }
        className="w-40"
        emptyLabel="Any status"
        choices={RENEWAL_STATUSES.map((s) => ({ value: s, label: DECISION_LABELS[s] }))}
      />
      <label className="flex h-9 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={filters.autoRenewOnly ?? false}
          onChange={(e) => onFilters({ ...filters, autoRenewOnly: e.target.checked || undefined })}
        />
        Auto-renewing only
      </label>
    </div>
  );
}
