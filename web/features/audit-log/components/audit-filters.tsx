import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AUDIT_CATEGORIES, AUDIT_CATEGORY_LABELS } from '@common/contracts/audit';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { optionsOf, OptionsSelect } from '@/components/ui/options-select';
import { useMembers } from '@/lib/team/get-members';
import { useApiKeyOptions } from '../api/get-api-key-options';
import type { AuditFilters } from '../api/keys';
import { displayName } from '@common/display-name';

/** Category, actor (members and API keys), dates and free text; each change goes to the URL. */
export function AuditFilterBar({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange: (name: keyof AuditFilters, value: string) => void;
}) {
  const members = useMembers();
  const keys = useApiKeyOptions();
  const [q, setQ] = useState(filters.q ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange('q', q.trim());
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_minmax(0,1.5fr)]">
      <FormField label="Category">
        <OptionsSelect
          value={filters.category ?? ''}
          onChange={(e) => onChange('category', e.target.value)}
          emptyLabel="All categories"
          options={optionsOf(AUDIT_CATEGORIES, (c) => AUDIT_CATEGORY_LABELS[c])}
        />
      </FormField>
      <FormField label="Actor">
        <NativeSelect value={filters.actor ?? ''} onChange={(e) => onChange('actor', e.target.value)}>
          <option value="">Anyone</option>
          {(members.data ?? []).map((m) => (
            <option key={m.userId} value={m.userId}>
              {displayName(m)}
            </option>
          ))}
          {(keys.data ?? []).length > 0 && (
            <optgroup label="API keys">
              {keys.data!.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.name}
                </option>
              ))}
            </optgroup>
          )}
        </NativeSelect>
      </FormField>
      <FormField label="From">
        <Input
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => onChange('from', e.target.value)}
        />
      </FormField>
      <FormField label="To">
        <Input
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(e) => onChange('to', e.target.value)}
        />
      </FormField>
      <form onSubmit={submit} role="search" className="grid">
        <FormField label="Search">
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              className="pl-8"
              placeholder="Action, target or change"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              onBlur={() => q.trim() !== (filters.q ?? '') && onChange('q', q.trim())}
            />
          </div>
        </FormField>
      </form>
    </div>
  );
}
