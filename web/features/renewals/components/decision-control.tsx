import { NotebookPen } from 'lucide-react';
import { useState } from 'react';
import {
  DECISION_LABELS,
  DECISION_STATUSES,
  type DecisionStatus,
  type RenewalItem,
} from '@common/contracts/renewals';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { NativeSelect, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { formatCalendarDate } from '@/lib/format';
import { useUpdateRenewalDecision, type DecisionResult } from '../api/update-renewal-decision';

function outcomeToast(item: RenewalItem, result: DecisionResult) {
  if (result.outcome === 'cancelled') {
    toast({
      variant: 'success',
      title: `${item.name} cancelled`,
      description: 'Its renewal date had passed, so it is now marked cancelled.',
    });
  } else if (result.outcome === 'rolled' && result.renewal) {
    toast({
      variant: 'success',
      title: `${item.name} renewed`,
      description: `Next renewal: ${formatCalendarDate(result.renewal.renewalDate)}.`,
    });
  }
}

/** The decision for one renewal (upcoming → reviewing → renew | renegotiate | cancel → done) and its notes. */
export function DecisionControl({ item, disabled }: { item: RenewalItem; disabled?: boolean }) {
  const update = useUpdateRenewalDecision();
  const [notesOpen, setNotesOpen] = useState(false);
  const [notes, setNotes] = useState(item.notes ?? '');

  const save = (status: DecisionStatus, nextNotes?: string | null) =>
    update.mutate(
      {
        subscriptionId: item.subscriptionId,
        status,
        ...(nextNotes !== undefined ? { notes: nextNotes } : {}),
      },
      {
        onSuccess: (result) => {
          outcomeToast(item, result);
          setNotesOpen(false);
        },
        onError: (error) => toastError('Could not save the decision', error),
      },
    );

  return (
    <div className="flex items-center gap-1.5">
      <NativeSelect
        aria-label={`Decision for ${item.name}`}
        value={item.status === 'overdue' ? '' : item.status}
        disabled={disabled || update.isPending}
        onChange={(e) => save(e.target.value as DecisionStatus)}
        className={item.status === 'overdue' ? 'h-8 w-36 border-destructive text-destructive' : 'h-8 w-36'}
      >
        {item.status === 'overdue' && (
          <option value="" disabled>
            Overdue
          </option>
        )}
        {DECISION_STATUSES.map((status) => (
          <option key={status} value={status}>
            {DECISION_LABELS[status]}
          </option>
        ))}
      </NativeSelect>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`Notes for ${item.name}`}
        title={item.notes ?? 'Add notes'}
        className={item.notes ? 'text-primary' : 'text-muted-foreground'}
        onClick={() => {
          setNotes(item.notes ?? '');
          setNotesOpen(true);
        }}
      >
        <NotebookPen />
      </Button>
      <Dialog open={notesOpen} onOpenChange={setNotesOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Notes on the {item.name} renewal</DialogTitle>
            <DialogDescription>
              Renews {formatCalendarDate(item.renewalDate)}; cancel by {formatCalendarDate(item.cancelByDate)}
              . Notes stay with this renewal date.
            </DialogDescription>
          </DialogHeader>
          <Textarea
            aria-label="Notes"
            value={notes}
            maxLength={5000}
            readOnly={disabled}
            onChange={(e) => setNotes(e.target.value)}
            placeholder="Quotes, negotiation points, who to ask…"
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => setNotesOpen(false)}>
              Close
            </Button>
            {!disabled && (
              <Button
                disabled={update.isPending}
                onClick={() => save(item.decision ?? 'upcoming', notes.trim() || null)}
              >
                Save notes
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
