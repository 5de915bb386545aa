import { Search } from 'lucide-react';
import { EXPENSE_SOURCES, MATCH_STATUSES, type ExpenseListQuery } from '@common/contracts/expenses';
import { Input } from '@/components/ui/input';
import { namedOptions, OptionsSelect, optionsOf } from '@/components/ui/options-select';
import { useSettingsData } from '@/lib/settings/settings-data-provider';
import type { ApplicationOption } from '@/lib/expenses/get-applications';
import { SOURCE_LABELS } from './expense-row';

export type LedgerFilters = Pick<
  ExpenseListQuery,
  | 'q'
  | 'from'
  | 'to'
  | 'match'
  | 'subscriptionId'
  | 'source'
  | 'paymentMethodId'
  | 'categoryId'
  | 'vendorId'
  | 'department'
  | 'ownerId'
  | 'unmatched'
  | 'noCategory'
  | 'noDepartment'
  | 'noVendor'
  | 'noPaymentMethod'
  | 'noOwner'
  | 'exceptBy'
  | 'except'
>;

const MATCH_LABELS = { matched: 'Matched', unmatched: 'Unmatched', ignored: 'Ignored' } as const;

interface Props {
  value: LedgerFilters;
  onChange: (next: LedgerFilters) => void;
  applications: ApplicationOption[];
}

/** Search, date range and the list filters of the ledger. */
export function LedgerFiltersBar({ value, onChange, applications }: Props) {
  const { paymentMethods, categories } = useSettingsData();
  const set = (patch: Partial<LedgerFilters>) => onChange({ ...value, ...patch });
  const empty = (v: string) => (v === '' ? undefined : v);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="relative min-w-48 flex-1">
        <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" />
        <Input
          aria-label="Search expenses"
          placeholder="Search merchant, description, invoice…"
          className="pl-8"
          value={value.q ?? ''}
          onChange={(e) => set({ q: empty(e.target.value) })}
        />
      </div>
      <Input
        type="date"
        aria-label="From date"
        className="w-40"
        value={value.from ?? ''}
        onChange={(e) => set({ from: empty(e.target.value) })}
      />
      <Input
        type="date"
        aria-label="To date"
        className="w-40"
        value={value.to ?? ''}
        onChange={(e) => set({ to: empty(e.target.value) })}
      />
      <OptionsSelect
        aria-label="Match status"
        className="w-40"
        value={value.match ?? ''}
        onChange={(e) => set({ match: empty(e.target.value) as LedgerFilters['match'] })}
        emptyLabel="Any status"
        options={optionsOf(MATCH_STATUSES, (s) => MATCH_LABELS[s])}
      />
      <OptionsSelect
        aria-label="Application"
        className="w-44"
        value={value.subscriptionId ?? ''}
        onChange={(e) => set({ subscriptionId: empty(e.target.value) })}
        emptyLabel="All applications"
        options={namedOptions(applications)}
      />
      <OptionsSelect
        aria-label="Source"
        className="w-40"
        value={value.source ?? ''}
        onChange={(e) => set({ source: empty(e.target.value) as LedgerFilters['source'] })}
        emptyLabel="Any source"
        options={optionsOf(EXPENSE_SOURCES, (s) => SOURCE_LABELS[s])}
      />
      {paymentMethods.length > 0 && (
        <OptionsSelect
          aria-label="Payment method"
          className="w-52"
          value={value.paymentMethodId ?? ''}
          onChange={(e) => set({ paymentMethodId: empty(e.target.value) })}
          emptyLabel="Any payment method"
          options={namedOptions(paymentMethods)}
        />
      )}
      {categories.length > 0 && (
        <OptionsSelect
          aria-label="Category"
          className="w-44"
          value={value.categoryId ?? ''}
          onChange={(e) => set({ categoryId: empty(e.target.value) })}
          emptyLabel="Any category"
          options={namedOptions(categories)}
        />
      )}
    </div>
  );
}
