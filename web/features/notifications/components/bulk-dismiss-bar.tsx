import type { NOTIFICATION_TYPES } from '@common/contracts/notifications';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDismissNotifications } from '../api/dismiss-notifications';
import type { AppNotification } from '@/lib/notifications/types';
import { typeMeta } from './notification-meta';

type NotificationType = (typeof NOTIFICATION_TYPES)[number];

interface BulkDismissBarProps {
  /** The active notifications on screen. */
  items: AppNotification[];
  selected: ReadonlySet<string>;
  onSelectAll: (all: boolean) => void;
  onDismissed: () => void;
}

type Pending = { kind: 'selected' } | { kind: 'type'; type: NotificationType; shown: number };

/** Select all, "Dismiss selected" and "Dismiss all of a type", each after a confirmation. */
export function BulkDismissBar({ items, selected, onSelectAll, onDismissed }: BulkDismissBarProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  const dismiss = useDismissNotifications();
  const allSelected = items.length > 0 && selected.size === items.length;
  const typeCounts = new Map<NotificationType, number>();
  for (const n of items) {
    const type = n.type as NotificationType;
    typeCounts.set(type, (typeCounts.get(type) ?? 0) + 1);
  }

  const confirm = () => {
    if (!pending) return;
    const body = pending.kind === 'selected' ? { ids: [...selected] } : { type: pending.type };
    dismiss.mutate(body, {
      onSuccess: () => {
        setPending(null);
        onDismissed();
      },
    });
  };
  const plural = (n: number) => (n === 1 ? '1 notification' : `${n} notifications`);
  const typeLabel = (type: NotificationType) => typeMeta(type).label.toLowerCase();

  return (
    <div className="flex flex-wrap items-center gap-3 border-b bg-muted/40 px-4 py-2">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={allSelected}
          ref={(el) => {
            if (el) el.indeterminate = selected.size > 0 && !allSelected;
          }}
          onChange={(e) => onSelectAll(e.target.checked)}
        />
        {selected.size > 0 ? `${selected.size} selected` : 'Select all'}
      </label>
      <Button
        variant="outline"
        size="sm"
        disabled={selected.size === 0}
        onClick={() => setPending({ kind: 'selected' })}
      >
        Dismiss selected
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" className="ml-auto">
            Dismiss all of a type
            <ChevronDown />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel className="text-xs text-muted-foreground">
            Dismiss every active…
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {[...typeCounts].map(([type, shown]) => (
            <DropdownMenuItem key={type} onSelect={() => setPending({ kind: 'type', type, shown })}>
              <span className="flex-1">{typeMeta(type).label}</span>
              <span className="text-xs text-muted-foreground">{shown}</span>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={
          pending?.kind === 'type'
            ? `Dismiss all ${typeLabel(pending.type)} notifications?`
            : `Dismiss ${plural(selected.size)}?`
        }
        description={
          pending?.kind === 'type'
            ? `Every active ${typeLabel(pending.type)} notification is dismissed for everyone in the workspace (${plural(pending.shown)} listed here). They stay in the Dismissed tab.`
            : 'They are dismissed for everyone in the workspace and move to the Dismissed tab.'
        }
        confirmLabel={pending?.kind === 'type' ? 'Dismiss all' : 'Dismiss'}
        pending={dismiss.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
