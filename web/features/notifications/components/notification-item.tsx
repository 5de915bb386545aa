import { X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatRelative } from '@/lib/format';
import type { AppNotification } from '@/lib/notifications/types';
import { NotificationTypeIcon, PriorityBadge } from './notification-meta';

interface NotificationItemProps {
  notification: AppNotification;
  onDismiss?: (id: string) => void;
  dismissing?: boolean;
  /** Called when the user follows the notification's action link. */
  onNavigate?: () => void;
  /** A checkbox for bulk actions (the notifications page). */
  selection?: { checked: boolean; onChange: (checked: boolean) => void };
}

/** Type icon, title, message, priority badge and subscription name (spec §2). */
export function NotificationItem({
  notification: n,
  onDismiss,
  dismissing,
  onNavigate,
  selection,
}: NotificationItemProps) {
  return (
    <div className="group flex gap-3 px-4 py-3" data-testid="notification-item" data-priority={n.priority}>
      {selection && (
        <input
          type="checkbox"
          className="mt-2 size-4 shrink-0 accent-primary"
          checked={selection.checked}
          onChange={(e) => selection.onChange(e.target.checked)}
          aria-label={`Select ${n.title}`}
        />
      )}
      <NotificationTypeIcon type={n.type} />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex items-start justify-between gap-2">
          <p className="text-sm font-medium leading-snug">{n.title}</p>
          {onDismiss && (
            <Button
              variant="ghost"
              size="icon-sm"
              className="-mr-2 -mt-1 size-7 shrink-0 text-muted-foreground"
              onClick={() => onDismiss(n.id)}
              disabled={dismissing}
              aria-label={`Dismiss ${n.title}`}
            >
              <X />
            </Button>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{n.message}</p>
        <div className="flex flex-wrap items-center gap-2 pt-0.5 text-xs text-muted-foreground">
          <PriorityBadge priority={n.priority} />
          {n.subscriptionName && <span className="font-medium text-foreground/80">{n.subscriptionName}</span>}
          <span aria-hidden>·</span>
          <time dateTime={n.createdAt}>{formatRelative(n.createdAt)}</time>
          {n.actionUrl && n.actionUrl.startsWith('/') && (
            <Link to={n.actionUrl} onClick={onNavigate} className="font-medium text-primary hover:underline">
              {n.actionText || 'View'}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
