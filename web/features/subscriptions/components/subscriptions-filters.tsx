import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SUBSCRIPTION_STATUSES, type ListSubscriptionsQuery } from '@common/contracts/subscriptions';
import { Input } from '@/components/ui/input';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { useSettingsList } from '@/lib/settings/get-settings-list';
import { useMembers } from '@/lib/team/get-members';
import { useVendors } from '@/lib/vendors/get-vendors';
import { STATUS_LABELS } from './labels';
import type { ListParamKey } from './use-list-params';
import { displayName } from '@common/display-name';

interface FiltersProps {
  query: ListSubscriptionsQuery;
  update: (changes: Partial<Record<ListParamKey, string | number | undefined>>) => void;
}

const RENEWAL_WINDOWS = [7, 30, 60, 90, 365];

/** Search and filters; every change lands in the URL. */
export function SubscriptionsFilters({ query, update }: FiltersProps) {
  const categories = useSettingsList('categories');
  const tags = useSettingsList('tags');
  const vendors = useVendors();
  const members = useMembers();
  const [text, setText] = useState(query.q ?? '');

  // Debounce typing so the URL (and the request) changes once per pause, not per key.
  useEffect(() => {
    if ((query.q ?? '') === text) return;
    const timer = setTimeout(() => update({ q: text.trim() || undefined }), 250);
    return () => clearTimeout(timer);
  }, [text, query.q, update]);

  const select = (
    key: ListParamKey,
    label: string,
    value: string | undefined,
    options: Array<{ value: string; label: string }>,
  ) => (
    <ChoiceSelect
      aria-label={label}
      className="h-8 w-auto min-w-32 text-xs"
      value={value ?? ''}
      onValueChange={(v) => update({ [key]: v || undefined })}
      emptyLabel={`${label}: all`}
      choices={options}
    />
  );

  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative">
        <Search className="absolute top-2 left-2.5 size-4 text-muted-foreground" aria-hidden />
        <Input
          aria-label="Search applications"
          placeholder="Search applications…"
          className="h-8 w-56 pl-8 text-xs"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {select(
        'status',
        'Status',
        query.status,
        SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
      )}
      {select(
        'categoryId',
        'Category',
        query.categoryId,
        (categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
      )}
      {select(
        'tagId',
        'Tag',
        query.tagId,
        (tags.data ?? []).map((t) => ({ value: t.id, label: t.name })),
      )}
      {select(
        'vendorId',
        'Vendor',
        query.vendorId,
        (vendors.data ?? []).map((v) => ({ value: v.id, label: v.name })),
      )}
      {select(
        'ownerUserId',
        'Owner',
        query.ownerUserId,
        (members.data ?? []).map((m) => ({
          value: m.userId,
          label: displayName(m),
        })),
      )}
      {select(
        'renewalWithinDays',
        'Renews',
        query.renewalWithinDays === undefined ? undefined : String(query.renewalWithinDays),
        RENEWAL_WINDOWS.map((d) => ({ value: String(d), label: `within ${d} days` })),
      )}
      {select('archived', 'Archived', query.archived, [
        { value: 'true', label: 'Archived only' },
        { value: 'all', label: 'Live and archived' },
      ])}
    </div>
  );
}
