import {
  DECISION_LABELS,
  RENEWAL_STATUSES,
  RENEWAL_WINDOWS,
  type RenewalStatus,
  type RenewalWindow,
} from '@common/contracts/renewals';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/input';
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
      <div className="grid gap-1.5">
        <Label htmlFor="renewal-window">Renewing within</Label>
        <NativeSelect
          id="renewal-window"
          value={window}
          onChange={(e) => onWindow(Number(e.target.value) as RenewalWindow)}
          className="w-36"
        >
          {RENEWAL_WINDOWS.map((days) => (
            <option key={days} value={days}>
              {days} days
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="renewal-owner">Owner</Label>
        <NativeSelect
          id="renewal-owner"
          value={filters.ownerUserId ?? ''}
          onChange={(e) => onFilters({ ...filters, ownerUserId: e.target.value || undefined })}
          className="w-44"
        >
          <option value="">Everyone</option>
          {owners.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="renewal-status">Status</Label>
        <NativeSelect
          id="renewal-status"
          value={filters.status ?? ''}
          onChange={(e) =>
            onFilters({ ...filters, status: (e.target.value || undefined) as RenewalStatus | undefined })
          }
          className="w-40"
        >
          <option value="">Any status</option>
          {RENEWAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {DECISION_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
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
