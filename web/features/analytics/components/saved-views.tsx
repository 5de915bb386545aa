import { zodResolver } from '@hookform/resolvers/zod';
import { Bookmark, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { createAnalyticsViewBody, type AnalyticsView } from '@common/contracts/analytics';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useDeleteView } from '../api/delete-view';
import { useAnalyticsViews } from '../api/get-analytics-views';
import { useSaveView } from '../api/save-view';
import { ScaleLockedButton } from './scale-locked';

const viewName = createAnalyticsViewBody.pick({ name: true });

/** Scale: the page's choices saved under a name, listed, opened and deleted. */
export function SavedViews({ advanced, canWrite }: { advanced: boolean; canWrite: boolean }) {
  const [open, setOpen] = useState(false);
  if (!advanced) {
    return <ScaleLockedButton reason="Saved views need the Scale plan.">Saved views</ScaleLockedButton>;
  }
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Bookmark /> Saved views
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Saved views</DialogTitle>
            <DialogDescription>
              Range, grouping and filters saved under a name, for everyone in the organization.
            </DialogDescription>
          </DialogHeader>
          {open && <ViewsBody canWrite={canWrite} onOpened={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ViewsBody({ canWrite, onOpened }: { canWrite: boolean; onOpened: () => void }) {
  const views = useAnalyticsViews(true);
  const save = useSaveView();
  const remove = useDeleteView();
  const [params] = useSearchParams();
  const form = useForm<z.input<typeof viewName>, unknown, z.output<typeof viewName>>({
    resolver: zodResolver(viewName),
    defaultValues: { name: '' },
  });
  const error = form.formState.errors.name?.message ?? null;
  const [deleting, setDeleting] = useState<AnalyticsView | null>(null);

  const submit = form.handleSubmit(({ name }) =>
    save.mutate(
      { name, query: params.toString() },
      {
        onSuccess: () => {
          form.reset();
          toast({ title: 'View saved' });
        },
        onError: (e) => form.setError('name', { message: errorMessage(e) }),
      },
    ),
  );
  return (
    <div className="grid gap-4">
      {canWrite && (
        <form onSubmit={submit} className="grid gap-1.5">
          <Label htmlFor="view-name">Save the current view as</Label>
          <div className="flex gap-2">
            <Input
              id="view-name"
              maxLength={120}
              {...form.register('name')}
              aria-invalid={error !== null}
              aria-describedby={error ? 'view-name-error' : undefined}
            />
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
          </div>
          {error && (
            <p id="view-name-error" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      )}
      {views.isPending ? (
        <Spinner />
      ) : !views.data ? (
        <p className="text-sm text-muted-foreground">
          Saved views could not be loaded: {errorMessage(views.error)}
        </p>
      ) : views.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No saved views yet.</p>
      ) : (
        <ul className="grid gap-1" aria-label="Saved views">
          {views.data.map((view) => (
            <li
              key={view.id}
              className="flex items-center justify-between gap-2 rounded-md px-2 py-1 hover:bg-muted/50"
            >
              <Link
                to={`/app/analytics?${view.query}`}
                className="truncate text-sm font-medium hover:underline"
                onClick={onOpened}
              >
                {view.name}
              </Link>
              {canWrite && (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Delete view ${view.name}`}
                  onClick={() => setDeleting(view)}
                >
                  <Trash2 />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this view?"
        description={deleting ? `“${deleting.name}” is removed for everyone.` : ''}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (e) =>
              toast({ variant: 'destructive', title: 'Could not delete', description: errorMessage(e) }),
          })
        }
      />
    </div>
  );
}
