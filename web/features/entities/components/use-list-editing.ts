import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';

/** A list whose items are edited in a dialog, archived in place and deleted after a question. */
export function useListEditing<T extends { id: string; name: string }>(
  archive: (item: T, archived: boolean) => Promise<unknown>,
) {
  const [editing, setEditing] = useState<T | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    editing,
    dialogOpen,
    setDialogOpen,
    deleting,
    setDeleting,
    /** null: a new one. */
    openDialog: (item: T | null) => {
      setEditing(item);
      setDialogOpen(true);
    },
    setArchived: (item: T, archived: boolean) =>
      archive(item, archived).then(
        () => toast({ variant: 'success', title: `${item.name} ${archived ? 'archived' : 'restored'}` }),
        (e: unknown) =>
          toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(e) }),
      ),
  };
}
