import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { createSettingsItemBody } from '@common/contracts/settings-lists';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useSettingsList } from '@/lib/settings/get-settings-list';
import { useManageSettingsList } from '@/lib/settings/manage-settings-list';
import type { SettingsListName } from '@/lib/settings/settings-lists';
import { plural } from '@common/wording';

const onError = (error: unknown) => toastError('Error', error);

/** A name, checked with the contract's rule; a broken rule shows as a toast, not under the field. */
const itemName = createSettingsItemBody.pick({ name: true });
type ItemName = z.input<typeof itemName>;

function useNameForm(name: string) {
  return useForm<ItemName, unknown, z.output<typeof itemName>>({
    resolver: zodResolver(itemName),
    defaultValues: { name },
  });
}

const nameProblem = (errors: FieldErrors<ItemName>) =>
  toast({ variant: 'destructive', title: errors.name?.message ?? 'Invalid name' });

function ItemRow({
  list,
  item,
}: {
  list: SettingsListName;
  item: { id: string; name: string; usageCount?: unknown };
}) {
  const { rename, remove } = useManageSettingsList(list);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const form = useNameForm(item.name);
  const usage = typeof item.usageCount === 'number' ? item.usageCount : null;
  const save = form.handleSubmit(
    ({ name }) => rename.mutate({ id: item.id, name }, { onSuccess: () => setEditing(false), onError }),
    nameProblem,
  );
  return (
    <li className="flex items-center gap-2 py-2">
      {editing ? (
        <form onSubmit={save} className="flex flex-1 items-center gap-2">
          <Input aria-label={`Rename ${item.name}`} className="h-8" autoFocus {...form.register('name')} />
          <Button
            type="submit"
            size="icon-sm"
            variant="ghost"
            aria-label="Save name"
            disabled={rename.isPending}
          >
            <Check />
          </Button>
          <Button
            type="button"
            size="icon-sm"
            variant="ghost"
            aria-label="Cancel rename"
            onClick={() => setEditing(false)}
          >
            <X />
          </Button>
        </form>
      ) : (
        <>
          <span className="flex-1 text-sm">{item.name}</span>
          {usage !== null && (
            <span className="text-xs text-muted-foreground">{plural(usage, 'application')}</span>
          )}
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={`Rename ${item.name}`}
            onClick={() => setEditing(true)}
          >
            <Pencil />
          </Button>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={`Delete ${item.name}`}
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            <Trash2 />
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Delete "${item.name}"?`}
            description={
              usage
                ? `It will be removed from ${plural(usage, 'application')}.`
                : 'It is not used by any application.'
            }
            confirmLabel="Delete"
            destructive
            pending={remove.isPending}
            onConfirm={() => remove.mutate(item.id, { onSuccess: () => setConfirming(false), onError })}
          />
        </>
      )}
    </li>
  );
}

/** One settings list (categories, tags, payment methods, use cases, projects): add, rename, delete. */
export function SettingsListTab({ list, noun }: { list: SettingsListName; noun: string }) {
  const items = useSettingsList(list);
  const { add } = useManageSettingsList(list);
  const form = useNameForm('');
  const submit = form.handleSubmit(
    ({ name }) => add.mutate({ name }, { onSuccess: () => form.reset(), onError }),
    nameProblem,
  );
  return (
    <Card className="grid gap-4 p-6">
      <form onSubmit={submit} className="flex gap-2">
        <Input aria-label={`New ${noun}`} placeholder={`New ${noun}`} {...form.register('name')} />
        <Button type="submit" disabled={add.isPending}>
          Add
        </Button>
      </form>
      {items.isPending ? (
        <Spinner />
      ) : (items.data ?? []).length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing here yet.</p>
      ) : (
        <ul className="divide-y">
          {(items.data ?? []).map((item) => (
            <ItemRow key={item.id} list={list} item={item} />
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">
        Deleting an item in use removes it from those applications; nothing else is deleted.
      </p>
    </Card>
  );
}
