import { useState } from 'react';
import type { Person } from '@common/contracts/people';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeletePerson } from '../api/delete-person';
import { useReactivatePerson } from '../api/reactivate-person';
import { PersonFormDialog } from './person-form-dialog';

/** The add/edit form and the delete confirmation of the Users page, with the row actions that open them. */
export function usePeopleDialogs() {
  const [editing, setEditing] = useState<Person | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Person | null>(null);
  const reactivate = useReactivatePerson();
  return {
    editing,
    formOpen,
    setFormOpen,
    deleting,
    setDeleting,
    openCreate: () => {
      setEditing(null);
      setFormOpen(true);
    },
    actions: {
      onEdit: (person: Person) => {
        setEditing(person);
        setFormOpen(true);
      },
      onDelete: setDeleting,
      onReactivate: (person: Person) =>
        reactivate.mutateAsync(person.id).then(
          () => toast({ variant: 'success', title: `${person.name} is active again` }),
          (error) => toastError('Could not reactivate', error),
        ),
    },
  };
}

export function PeopleDialogs({ state }: { state: ReturnType<typeof usePeopleDialogs> }) {
  const remove = useDeletePerson();
  const person = state.deleting;
  return (
    <>
      <PersonFormDialog open={state.formOpen} person={state.editing} onOpenChange={state.setFormOpen} />
      <ConfirmDialog
        open={person !== null}
        onOpenChange={(open) => !open && state.setDeleting(null)}
        title={`Delete ${person?.name ?? ''}?`}
        description="This removes them and their license history. To record that someone left, offboard them instead."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (!person) return;
          remove.mutateAsync(person.id).then(
            () => {
              state.setDeleting(null);
              toast({ title: `${person.name} deleted` });
            },
            (error) => toastError('Could not delete', error),
          );
        }}
      />
    </>
  );
}
