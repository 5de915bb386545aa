import { BellOff } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { AppNotification } from '@/lib/notifications/types';
import { NotificationItem } from './notification-item';

/** The top-bar popover's list: loaded when the popover first opens. */
export function NotificationsPopoverList({
  visible,
  onHide,
  onNavigate,
}: {
  visible: AppNotification[];
  onHide: (ids: string[]) => void;
  onNavigate: () => void;
}) {
  return (
    <>
      <div className="flex items-center justify-between border-b px-4 py-3">
        <h2 className="text-sm font-semibold">Notifications</h2>
        {visible.length > 0 && (
          <Button
            variant="ghost"
            size="sm"
            className="-mr-2 h-7"
            onClick={() => onHide(visible.map((n) => n.id))}
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
              onDismiss={(id) => onHide([id])}
              onNavigate={onNavigate}
            />
          ))
        )}
      </div>
      <div className="border-t p-2">
        <Button variant="ghost" size="sm" className="w-full" asChild>
          <Link to="/app/notifications" onClick={onNavigate}>
            View All Notifications
          </Link>
        </Button>
      </div>
    </>
  );
}
