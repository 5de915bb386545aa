import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type {
  InboundMessageDetailWire,
  UpdateInboundMessageInput,
} from '@common/contracts/invoice-forwarding';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useUpgradeDialog } from '@/lib/billing/use-upgrade-dialog';
import { ApplicationCombobox } from '@/components/application-combobox';
import { useApplicationOptions } from '@/lib/expenses/get-applications';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useInboundMessage } from '../api/get-inbound-message';
import { useUpdateInboundMessage } from '../api/update-inbound-message';
import { changedFields, toValues, type EditableField, type FieldValues } from './message-fields';
import { MessageFieldsForm, LineItems } from './message-fields-form';
import { MessageOriginal } from './message-original';
import { StateBadge } from './state-badge';

interface Props {
  /** The open message, or null when none is. */
  messageId: string | null;
  canWrite: boolean;
  onClose: () => void;
}

/** One received message: its fields to correct, the text it was read from, and the decision. */
export function MessageDialog({ messageId, canWrite, onClose }: Props) {
  const message = useInboundMessage(messageId);
  return (
    <Dialog open={messageId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl">
        {message.data ? (
          <MessageDetail key={message.data.id} message={message.data} canWrite={canWrite} onDone={onClose} />
        ) : (
          <DialogHeader>
            <DialogTitle>{message.error ? 'Message not found' : 'Loading message…'}</DialogTitle>
            <DialogDescription>{message.error ? errorMessage(message.error) : <Spinner />}</DialogDescription>
          </DialogHeader>
        )}
      </DialogContent>
    </Dialog>
  );
}

type Action = NonNullable<UpdateInboundMessageInput['action']>;
const DONE: Record<Action, string> = {
  accept: 'Invoice booked',
  merge: 'Invoice merged',
  ignore: 'Message ignored',
};

function MessageDetail({
  message,
  canWrite,
  onDone,
}: {
  message: InboundMessageDetailWire;
  canWrite: boolean;
  onDone: () => void;
}) {
  const [values, setValues] = useState<FieldValues>(() => toValues(message.fields));
  const [errors, setErrors] = useState<Partial<Record<EditableField, string>>>({});
  const [merging, setMerging] = useState(false);
  const [mergeInto, setMergeInto] = useState<string | null>(null);
  const update = useUpdateInboundMessage();
  const applications = useApplicationOptions();
  const { openUpgrade } = useUpgradeDialog();
  const booked = message.state === 'imported';
  const editable = canWrite && !booked;
  const dirty = Object.keys(changedFields(message.fields, values).fields).length > 0;

  const send = (action?: Action, subscriptionId?: string) => {
    // Ignoring does not need the fields; anything else sends the corrections with it.
    const checked = action === 'ignore' ? { fields: {}, errors: {} } : changedFields(message.fields, values);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    const hasFields = Object.keys(checked.fields).length > 0;
    update.mutate(
      {
        id: message.id,
        ...(action ? { action } : {}),
        ...(hasFields ? { fields: checked.fields } : {}),
        ...(subscriptionId ? { subscriptionId } : {}),
      },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: action ? DONE[action] : 'Fields saved' });
          if (action) onDone();
        },
        // A plan error opens the upgrade dialog (UpgradeProvider); anything else is said here.
        onError: (e) => {
          if (e instanceof ApiError && (e.data?.code === 'plan_limit' || e.data?.code === 'plan_required'))
            return;
          toast({
            variant: 'destructive',
            title: 'Could not update the message',
            description: errorMessage(e),
          });
        },
      },
    );
  };

  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle className="pr-8">{message.subject || '(no subject)'}</DialogTitle>
        <DialogDescription>
          From {message.from} · received {formatDate(message.receivedAt)}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StateBadge state={message.state} />
        {message.reason && <span className="text-muted-foreground">{message.reason}</span>}
        {message.subscriptionId && (
          <Link to={`/app/subscriptions/${message.subscriptionId}`} className="font-medium hover:underline">
            {message.subscriptionName ?? 'Open the application'}
          </Link>
        )}
      </div>
      {message.upgradeRequired && !booked && (
        <div
          role="note"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
        >
          <span>
            Booking this invoice creates a new application, and your plan’s application limit is reached.
            Upgrade to book it, or merge it into an application you already track.
          </span>
          {canWrite && (
            <Button size="sm" onClick={() => openUpgrade('pro')}>
              <Sparkles /> Upgrade to book it
            </Button>
          )}
        </div>
      )}
      <section aria-label="Invoice fields" className="grid gap-3">
        <MessageFieldsForm
          values={values}
          errors={errors}
          confidence={message.fieldConfidence}
          readOnly={!editable}
          onChange={(name, value) => {
            setValues((v) => ({ ...v, [name]: value }));
            setErrors((e) => ({ ...e, [name]: undefined }));
          }}
        />
        <LineItems items={message.fields.lineItems} currency={message.fields.currency} />
      </section>
      {editable && (
        <div className="grid gap-3 border-t pt-4">
          <div className="flex flex-wrap gap-2">
            {!message.upgradeRequired && (
              <Button onClick={() => send('accept')} disabled={update.isPending}>
                Accept
              </Button>
            )}
            <Button variant="outline" onClick={() => setMerging((m) => !m)} aria-expanded={merging}>
              Merge into…
            </Button>
            <Button variant="outline" onClick={() => send()} disabled={!dirty || update.isPending}>
              Save fields
            </Button>
            {message.state !== 'ignored' && (
              <Button variant="ghost" onClick={() => send('ignore')} disabled={update.isPending}>
                Ignore
              </Button>
            )}
          </div>
          {merging && (
            <div className="flex flex-wrap items-center gap-2">
              <ApplicationCombobox
                label="Application to merge into"
                options={applications.data ?? []}
                value={mergeInto}
                onChange={setMergeInto}
                className="w-72"
              />
              <Button
                onClick={() => mergeInto && send('merge', mergeInto)}
                disabled={!mergeInto || update.isPending}
              >
                Merge
              </Button>
            </div>
          )}
        </div>
      )}
      <MessageOriginal message={message} />
    </div>
  );
}
