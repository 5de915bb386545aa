import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { useDismissNotification } from '../api/dismiss-notification';
import { useUnreadNotifications } from '../api/get-unread-notifications';
import { NotificationItem } from './notification-item';

/** The sidebar bell shows at most this many unread items (spec §9). */
export const SIDEBAR_BELL_LIMIT = 5;

/** Shown only in the expanded sidebar; fetches unread items only when opened; dismisses through the API. */
export function SidebarNotificationBell() {
  const [open, setOpen] = useState(false);
  const { data, isPending, isError } = useUnreadNotifications(open);
  const dismiss = useDismissNotification();
  const items = (data ?? []).slice(0, SIDEBAR_BELL_LIMIT);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Unread notifications"
          className="text-muted-foreground"
        >
          <Bell />
        </Button>
      </PopoverTrigger>
      <PopoverContent side="right" align="start" className="w-80 p-0">
        <div className="flex items-center justify-between border-b px-4 py-3">
          <p className="text-sm font-semibold">Unread</p>
        </div>
        <div className="max-h-96 overflow-y-auto divide-y">
          {open && isPending ? (
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : isError ? (
            <p className="px-4 py-6 text-center text-sm text-muted-foreground">
              Notifications could not be loaded.
            </p>
          ) : items.length === 0 ? (
            <EmptyState
              icon={BellOff}
              title="All Clear!"
              description="No notifications at this time"
              className="py-8"
            />
          ) : (
            items.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                onDismiss={(id) => dismiss.mutate(id)}
                dismissing={dismiss.isPending && dismiss.variables === n.id}
                onNavigate={() => setOpen(false)}
              />
            ))
          )}
        </div>
        <div className="border-t p-2">
          <Button variant="ghost" size="sm" className="w-full" asChild>
            <Link to="/app/notifications" onClick={() => setOpen(false)}>
              View All Notifications
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
