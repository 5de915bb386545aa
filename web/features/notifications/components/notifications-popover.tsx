import { Bell, BellOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { useNotificationCount } from '../api/get-notification-count';
import { useNotifications } from '../api/get-notifications';
import { NotificationItem } from './notification-item';

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
        <div className="flex items-center justify-between border-b px-4 py-3">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {visible.length > 0 && (
            <Button
              variant="ghost"
              size="sm"
              className="-mr-2 h-7"
              onClick={() => hide(visible.map((n) => n.id))}
            >
              Clear All
            </Button>
          )}
        </div>
        <div className="max-h-[26rem] divide-y overflow-y-auto">
          {visible.length === 0 ? (
            <EmptyState
              icon={BellOff}
              title="All Clear!"
              description="No notifications at this time"
              className="py-10"
            />
          ) : (
            visible.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                onDismiss={(id) => hide([id])}
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
