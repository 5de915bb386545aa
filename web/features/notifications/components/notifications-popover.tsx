import { Bell } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { useNotificationCount } from '../api/get-notification-count';
import { useNotifications } from '../api/get-notifications';

const NotificationsPopoverList = lazy(() =>
  import('./notifications-popover-list').then((m) => ({ default: m.NotificationsPopoverList })),
);

/**
 * The top-bar bell (spec §2): unread-count badge (red when any unread item is high priority) and a
 * popover where dismissal and Clear All are local to this screen.
 */
export function NotificationsPopover() {
  const [open, setOpen] = useState(false);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const { data: list } = useNotifications({ status: 'active' });
  const { data: countData } = useNotificationCount();

  const visible = useMemo(() => (list ?? []).filter((n) => !hidden.has(n.id)), [list, hidden]);
  const hiddenUnread = (list ?? []).filter((n) => hidden.has(n.id)).length;
  const count = Math.max(0, (countData?.count ?? visible.length) - hiddenUnread);
  const urgent = visible.some((n) => n.priority === 'high');

  const hide = (ids: string[]) => setHidden((prev) => new Set([...prev, ...ids]));

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={count > 0 ? `Notifications (${count} unread)` : 'Notifications'}
        >
          <Bell />
          {count > 0 && (
            <span
              data-testid="notification-badge"
              data-urgent={urgent}
              className={cn(
                'absolute right-1 top-1 flex h-4 min-w-4 items-center justify-center rounded-full px-1 text-[10px] font-semibold leading-none',
                urgent ? 'bg-destructive text-destructive-foreground' : 'bg-primary text-primary-foreground',
              )}
            >
              {count > 99 ? '99+' : count}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-[22rem] p-0">
        <Suspense fallback={null}>
          <NotificationsPopoverList visible={visible} onHide={hide} onNavigate={() => setOpen(false)} />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
