import { useState } from 'react';
import { todayInTimeZone } from '@common/dates';
import type { Person } from '@common/contracts/people';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { errorMessage } from '@/lib/api-client';
import { formatMoneyMinor, formatRelative } from '@/lib/format';
import { useOffboarding } from '../api/get-offboarding';
import { useOffboardPerson } from '../api/offboard-person';
import { formatTotals } from '@/components/money-totals';
import { plural, pluralWord } from '@common/wording';

/** Offboarding preview: the seats this person holds with their yearly cost; one action frees them all. */
export function OffboardDialog({
  person,
  onOpenChange,
}: {
  person: Person | null;
  onOpenChange: (open: boolean) => void;
}) {
  const open = person !== null;
  const preview = useOffboarding(person?.id ?? '', open);
  const offboard = useOffboardPerson();
  const [endDate, setEndDate] = useState(() => todayInTimeZone(new Date()));
  const seats = preview.data?.assignments ?? [];

  const confirm = () => {
    if (!person) return;
    offboard.mutateAsync({ id: person.id, endDate }).then(
      (result) => {
        onOpenChange(false);
        toast({
          variant: 'success',
          title: `${person.name} offboarded`,
          description:
            result.unassigned === 0
              ? 'They held no licenses.'
              : `${plural(result.unassigned, 'license')} freed (${formatTotals(result.yearlyCostsFreed)} a year)${
                  result.notifiedOwners
                    ? `; ${result.notifiedOwners} application ${pluralWord(result.notifiedOwners, 'owner')} told`
                    : ''
                }.`,
        });
      },
      (error) => toastError('Could not offboard', error),
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Offboard {person?.name}</DialogTitle>
          <DialogDescription>
            They are marked as offboarded, every license below is unassigned, and each application&apos;s
            owner is notified.
          </DialogDescription>
        </DialogHeader>
        {preview.isPending ? (
          <Spinner />
        ) : preview.error ? (
          <p className="text-sm text-destructive">{errorMessage(preview.error)}</p>
        ) : seats.length === 0 ? (
          <p className="text-sm text-muted-foreground">{person?.name} holds no licenses.</p>
        ) : (
          <Table>
            <TableColumns
              columns={['License', 'Last active', 'Owner', { label: 'Per year', className: 'text-right' }]}
            />
            <TableBody>
              {seats.map((seat) => (
                <TableRow key={seat.id}>
                  <TableCell className="font-medium">
                    {seat.subscriptionName} · {seat.tierName}
                  </TableCell>
                  <TableCell className="text-muted-foreground">
                    {seat.lastActiveAt ? formatRelative(seat.lastActiveAt) : 'Never'}
                  </TableCell>
                  <TableCell className="text-muted-foreground">{seat.ownerName ?? '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatMoneyMinor(seat.yearlyCostMinor, seat.currency)}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell colSpan={3} className="font-medium">
                  Freed every year
                </TableCell>
                <TableCell className="text-right font-semibold tabular-nums">
                  {formatTotals(preview.data?.yearlyCosts ?? [])}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
        <div className="grid max-w-48 gap-1.5">
          <Label htmlFor="offboard-end-date">Last day</Label>
          <Input
            id="offboard-end-date"
            type="date"
            value={endDate}
            onChange={(e) => setEndDate(e.target.value)}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={confirm}
            disabled={offboard.isPending || preview.isPending || !endDate}
          >
            {seats.length > 0 ? `Offboard and unassign ${plural(seats.length, 'license')}` : 'Offboard'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
