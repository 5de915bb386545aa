import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { allowedSender } from '@common/contracts/invoice-forwarding';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateInvoiceForwarding } from '../api/update-invoice-forwarding';

const MAX_SENDERS = 100;

const newSender = z.object({ entry: allowedSender });

interface Props {
  senders: string[];
  /** Owners and admins edit the list; everyone else reads it. */
  canManage: boolean;
}

/** The senders (addresses or @domains) whose messages are accepted; an empty list accepts all. */
export function AllowedSendersEditor({ senders, canManage }: Props) {
  const [draft, setDraft] = useState(senders);
  const form = useForm<z.input<typeof newSender>, unknown, z.output<typeof newSender>>({
    resolver: zodResolver(newSender),
    defaultValues: { entry: '' },
    reValidateMode: 'onSubmit',
  });
  const error = form.formState.errors.entry?.message;
  const update = useUpdateInvoiceForwarding();
  useEffect(() => setDraft(senders), [senders]);
  const dirty = draft.join('\n') !== senders.join('\n');

  // The list itself is checked here: whether the sender is new, and room for it.
  const add = form.handleSubmit(({ entry }) => {
    if (draft.includes(entry)) return form.setError('entry', { message: `${entry} is already on the list` });
    if (draft.length >= MAX_SENDERS)
      return form.setError('entry', { message: `At most ${MAX_SENDERS} senders` });
    setDraft([...draft, entry]);
    form.reset();
  });
  const save = () =>
    update.mutate(
      { allowedSenders: draft },
      {
        onSuccess: () => toast({ variant: 'success', title: 'Allowed senders saved' }),
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(e) }),
      },
    );

  return (
    <Card className="grid gap-4 p-6">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">Allowed senders</h3>
        <p className="text-sm text-muted-foreground">
          {draft.length === 0
            ? 'Messages from every sender are accepted. Add addresses or @domains to accept only those.'
            : 'Only messages from these addresses and domains are read; others show as ignored in the inbox.'}
        </p>
      </div>
      {draft.length > 0 && (
        <ul aria-label="Allowed senders" className="flex flex-wrap gap-2">
          {draft.map((sender) => (
            <li key={sender}>
              <Badge variant="secondary" className="gap-1 py-1 font-mono text-xs">
                {sender}
                {canManage && (
                  <button
                    type="button"
                    aria-label={`Remove ${sender}`}
                    className="rounded-full p-0.5 hover:bg-background"
                    onClick={() => setDraft(draft.filter((s) => s !== sender))}
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                )}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <>
          <form onSubmit={add} className="flex items-start gap-2" noValidate>
            <FormField label="Add a sender" error={error} className="flex-1">
              <Input
                placeholder="billing@vendor.com or @vendor.com"
                {...form.register('entry', { onChange: () => form.clearErrors('entry') })}
              />
            </FormField>
            <Button type="submit" variant="outline" className="mt-[22px]">
              <Plus /> Add
            </Button>
          </form>
          <div className="flex gap-2">
            <Button onClick={save} disabled={!dirty || update.isPending}>
              Save allowed senders
            </Button>
            {dirty && (
              <Button variant="ghost" onClick={() => setDraft(senders)}>
                Discard changes
              </Button>
            )}
          </div>
        </>
      ) : (
        <p className="text-xs text-muted-foreground">
          Only owners and admins can change the allowed senders.
        </p>
      )}
    </Card>
  );
}
