import { X } from 'lucide-react';
import { EXCEPT_SEPARATOR, type ExceptBy } from '@common/contracts/expenses';
import { plural } from '@common/wording';
import { Button } from '@/components/ui/button';
import { useMembers } from '@/lib/team/get-members';
import { useVendors } from '@/lib/vendors/get-vendors';
import type { LedgerFilters } from './ledger-filters';
import { displayName } from '@common/display-name';

/** The '' groups of analytics: charges with nothing set, on the expense or its application. */
const FLAG_LABELS = {
  unmatched: 'No application',
  noCategory: 'No category',
  noDepartment: 'No department',
  noVendor: 'No vendor',
  noPaymentMethod: 'No payment method',
  noOwner: 'No owner',
} as const;
const FLAGS = Object.keys(FLAG_LABELS) as (keyof typeof FLAG_LABELS)[];

type ChipKey = 'vendorId' | 'department' | 'ownerId' | 'except' | keyof typeof FLAG_LABELS;

/** What an "Other" drill-down excludes, per filter: "Other categories (all but 5)". */
const EXCEPT_LABELS: Record<ExceptBy, [string, string]> = {
  categoryId: ['category', 'categories'],
  vendorId: ['vendor', 'vendors'],
  paymentMethodId: ['payment method', 'payment methods'],
  department: ['department', 'departments'],
  ownerId: ['owner', 'owners'],
  subscriptionId: ['application', 'applications'],
};

export function exceptLabel(by: ExceptBy, except: string): string {
  const shown = except.split(EXCEPT_SEPARATOR).length;
  const [one, many] = EXCEPT_LABELS[by];
  return `Other ${many} (all but the ${plural(shown, one, many)} shown)`;
}

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border bg-muted px-2.5 py-0.5 text-xs font-medium">
      {label}
      <Button
        variant="ghost"
        size="icon"
        className="size-5 rounded-full"
        aria-label={`Remove filter ${label}`}
        onClick={onRemove}
      >
        <X className="size-3" />
      </Button>
    </span>
  );
}

function VendorChip({ id, onRemove }: { id: string; onRemove: () => void }) {
  const vendors = useVendors();
  const name = vendors.data?.find((v) => v.id === id)?.name;
  return (
    <Chip label={`Vendor: ${name ?? (vendors.isPending ? '…' : 'unknown vendor')}`} onRemove={onRemove} />
  );
}

function OwnerChip({ id, onRemove }: { id: string; onRemove: () => void }) {
  const members = useMembers();
  const member = members.data?.find((m) => m.userId === id);
  const name = member ? displayName(member) : null;
  return <Chip label={`Owner: ${name ?? (members.isPending ? '…' : 'former member')}`} onRemove={onRemove} />;
}

/**
 * The filters a drill-down from analytics can set that have no control of their own in the bar:
 * shown as chips so the user sees why the list is narrowed, and can remove each.
 */
export function DrillFilterChips({
  value,
  onChange,
}: {
  value: LedgerFilters;
  onChange: (next: LedgerFilters) => void;
}) {
  const remove = (key: ChipKey) => () =>
    onChange({ ...value, [key]: undefined, ...(key === 'except' ? { exceptBy: undefined } : {}) });
  const { vendorId, department, ownerId, exceptBy, except } = value;
  const flags = FLAGS.filter((key) => value[key] === 'true');
  const other = exceptBy && except !== undefined;
  if (!vendorId && !department && !ownerId && !other && flags.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Drill-down filters" role="group">
      {vendorId && <VendorChip id={vendorId} onRemove={remove('vendorId')} />}
      {department && <Chip label={`Department: ${department}`} onRemove={remove('department')} />}
      {ownerId && <OwnerChip id={ownerId} onRemove={remove('ownerId')} />}
      {flags.map((key) => (
        <Chip key={key} label={FLAG_LABELS[key]} onRemove={remove(key)} />
      ))}
      {other && <Chip label={exceptLabel(exceptBy, except)} onRemove={remove('except')} />}
    </div>
  );
}
