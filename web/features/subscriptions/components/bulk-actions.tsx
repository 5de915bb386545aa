import { Archive } from 'lucide-react';
import { SUBSCRIPTION_STATUSES, type BulkUpdateSubscriptionsBody } from '@common/contracts/subscriptions';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useSettingsList } from '@/lib/settings/get-settings-list';
import { useMembers } from '@/lib/team/get-members';
import { useBulkArchiveSubscriptions } from '../api/bulk-archive-subscriptions';
import { useBulkUpdateSubscriptions } from '../api/bulk-update-subscriptions';
import { STATUS_LABELS } from './labels';
import { plural } from '@common/wording';
import { displayName } from '@common/display-name';

/** Changes for the selected rows: owner, category, add a tag, status, archive — one call each. */
export function BulkActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const categories = useSettingsList('categories');
  const tags = useSettingsList('tags');
  const members = useMembers();
  const bulk = useBulkUpdateSubscriptions();
  const archive = useBulkArchiveSubscriptions();
  const busy = bulk.isPending || archive.isPending;

  const apply = (set: BulkUpdateSubscriptionsBody['set']) =>
    bulk.mutate(
      { ids, set },
      {
        onSuccess: (result) => {
          toast({
            variant: 'success',
            title: `${plural(result.updated, 'application')} updated`,
          });
          onDone();
        },
        onError: (error) => toastError('Error', error),
      },
    );

  const picker = (
    label: string,
    options: Array<{ value: string; label: string }>,
    onPick: (value: string) => void,
  ) => (
    <NativeSelect
      aria-label={label}
      className="h-8 w-auto text-xs"
      value=""
      disabled={busy}
      onChange={(event) => event.target.value && onPick(event.target.value)}
    >
      <option value="">{label}…</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );

  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
    >
      <span className="font-medium">{ids.length} selected</span>
      {picker(
        'Set owner',
        [
          { value: 'none', label: 'Unassigned' },
          ...(members.data ?? []).map((m) => ({
            value: m.userId,
            label: displayName(m),
          })),
        ],
        (v) => apply({ ownerUserId: v === 'none' ? null : v }),
      )}
      {picker(
        'Set category',
        [
          { value: 'none', label: 'None' },
          ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
        ],
        (v) => apply({ categoryId: v === 'none' ? null : v }),
      )}
      {picker(
        'Add tag',
        (tags.data ?? []).map((t) => ({ value: t.id, label: t.name })),
        (v) => apply({ addTagIds: [v] }),
      )}
      {picker(
        'Remove tag',
        (tags.data ?? []).map((t) => ({ value: t.id, label: t.name })),
        (v) => apply({ removeTagIds: [v] }),
      )}
      {picker(
        'Set status',
        SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
        (v) => apply({ status: SUBSCRIPTION_STATUSES.find((s) => s === v) }),
      )}
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() =>
          archive.mutate(ids, {
            onSuccess: (result) => {
              toast({ variant: 'success', title: `${result.updated} archived` });
              onDone();
            },
            onError: (error) => toastError('Error', error),
          })
        }
      >
        <Archive aria-hidden /> Archive
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Clear
      </Button>
    </div>
  );
}
