import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatMoney } from '@common/money';
import type { Subscription, SubscriptionSort } from '@common/contracts/subscriptions';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { AppLogo } from '@/components/app-logo';
import { CYCLE_LABELS, STATUS_LABELS, STATUS_VARIANTS } from './labels';
import { RenewalBadge } from '@/components/renewal-badge';

/** Column id → the API sort it maps to (sorting is done by the server, over the whole filtered set). */
export const SORTABLE_COLUMNS: Partial<Record<string, SubscriptionSort>> = {
  name: 'name',
  vendor: 'vendor',
  monthly: 'monthlyCost',
  renewal: 'renewalDate',
  status: 'status',
};

export const COLUMN_LABELS: Record<string, string> = {
  name: 'Name',
  vendor: 'Vendor',
  owner: 'Owner',
  cost: 'Cost per cycle',
  monthly: 'Monthly',
  renewal: 'Renewal',
  status: 'Status',
  tags: 'Tags',
  category: 'Category',
};

/** Columns the chooser can hide; name always shows. */
export const HIDEABLE_COLUMNS = [
  'vendor',
  'owner',
  'cost',
  'monthly',
  'renewal',
  'status',
  'tags',
  'category',
];

export const subscriptionColumns: ColumnDef<Subscription>[] = [
  {
    id: 'name',
    header: COLUMN_LABELS.name,
    cell: ({ row }) => (
      <Link
        to={`/app/subscriptions/${row.original.id}`}
        className="flex min-w-0 items-center gap-2.5 font-medium hover:underline"
      >
        <AppLogo name={row.original.name} logoUrl={row.original.logoUrl} />
        <span className="truncate">{row.original.name}</span>
        {row.original.archivedAt && <Badge variant="outline">Archived</Badge>}
      </Link>
    ),
  },
  { id: 'vendor', header: COLUMN_LABELS.vendor, cell: ({ row }) => row.original.vendorName ?? '—' },
  {
    id: 'owner',
    header: COLUMN_LABELS.owner,
    cell: ({ row }) =>
      row.original.ownerName ??
      row.original.ownerEmail ?? <span className="text-muted-foreground">Unassigned</span>,
  },
  {
    id: 'cost',
    header: COLUMN_LABELS.cost,
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">
        {formatMoney(row.original.costPerCycleMinor, row.original.currency)}
        <span className="ml-1 text-xs text-muted-foreground">
          {row.original.billingCycle === 'multi-year' && row.original.intervalMonths
            ? `/ ${row.original.intervalMonths} mo`
            : CYCLE_LABELS[row.original.billingCycle].toLowerCase()}
        </span>
      </span>
    ),
  },
  {
    id: 'monthly',
    header: COLUMN_LABELS.monthly,
    cell: ({ row }) => (
      <span className="tabular-nums">{formatMoney(row.original.monthlyMinor, row.original.currency)}</span>
    ),
  },
  {
    id: 'renewal',
    header: COLUMN_LABELS.renewal,
    cell: ({ row }) =>
      row.original.nextRenewalDate ? (
        <span className="flex items-center gap-2 whitespace-nowrap">
          {formatDate(row.original.nextRenewalDate)}
          <RenewalBadge days={row.original.daysUntilRenewal} status={row.original.status} />
        </span>
      ) : (
        '—'
      ),
  },
  {
    id: 'status',
    header: COLUMN_LABELS.status,
    cell: ({ row }) => (
      <Badge variant={STATUS_VARIANTS[row.original.status]}>{STATUS_LABELS[row.original.status]}</Badge>
    ),
  },
  { id: 'category', header: COLUMN_LABELS.category, cell: ({ row }) => row.original.categoryName ?? '—' },
  {
    id: 'tags',
    header: COLUMN_LABELS.tags,
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        {row.original.tagNames.map((tag) => (
          <Badge key={tag} variant="outline">
            {tag}
          </Badge>
        ))}
      </span>
    ),
  },
];
