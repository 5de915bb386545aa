import { CalendarPlus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useIcalUrl } from '../api/get-ical-url';
import { useRegenerateIcalUrl } from '../api/regenerate-ical-url';

/** The secret calendar feed: copy it into Google Calendar or Outlook; owners and admins can replace it. */
export function IcalSubscribe({ canRegenerate }: { canRegenerate: boolean }) {
  const { data, isError } = useIcalUrl();
  const regenerate = useRegenerateIcalUrl();
  const [confirming, setConfirming] = useState(false);

  return (
    <Card className="grid gap-3 p-5">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
          <CalendarPlus className="size-4" aria-hidden />
        </span>
        <div className="grid gap-1">
          <h2 className="text-base font-semibold">Subscribe in your calendar</h2>
          <p className="text-sm text-muted-foreground">
            Every renewal and cancel-by date as an all-day event. Add this link in Google Calendar (From URL)
            or Outlook (Subscribe from web). Anyone with the link can see your renewals, so share it with
            care.
          </p>
        </div>
      </div>
      {isError ? (
        <p className="text-sm text-destructive">The calendar link could not be loaded.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Input
            readOnly
            aria-label="Calendar feed URL"
            value={data?.url ?? ''}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 basis-full font-mono text-xs sm:basis-0 sm:flex-1"
          />
          <CopyButton value={data?.url ?? ''} what="Calendar link" label="Copy link" disabled={!data} />
          {data && (
            <Button variant="outline" asChild>
              <a href={data.webcalUrl}>Open in calendar app</a>
            </Button>
          )}
          {canRegenerate && (
            <Button variant="ghost" onClick={() => setConfirming(true)} disabled={!data}>
              <RotateCw />
              Regenerate
            </Button>
          )}
        </div>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Regenerate the calendar link?</DialogTitle>
            <DialogDescription>
              Calendars subscribed to the current link stop updating. Use this when the link was shared with
              someone who should no longer see your renewals.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Keep the current link
            </Button>
            <Button
              variant="destructive"
              disabled={regenerate.isPending}
              onClick={() =>
                regenerate.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast({
                      variant: 'success',
                      title: 'New calendar link created',
                      description: 'Subscribe again with the new link.',
                    });
                  },
                  onError: (error) => toastError('Could not regenerate', error),
                })
              }
            >
              Regenerate link
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
