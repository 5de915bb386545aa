import { BellOff } from 'lucide-react';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '@common/contracts/notifications';
import { can } from '@common/roles';
import { useMemo, useState } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LabelledChoiceSelect } from '@/components/ui/choice-select';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageHeader } from '@/components/layout/page-header';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { useDismissNotification } from '../api/dismiss-notification';
import { useNotifications } from '../api/get-notifications';
import type { NotificationFilters } from '@/lib/notifications/types';
import { BulkDismissBar } from './bulk-dismiss-bar';
import { NotificationItem } from './notification-item';
import { typeMeta } from './notification-meta';

const PRIORITY_LABELS: Record<(typeof NOTIFICATION_PRIORITIES)[number], string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

/**
 * /app/notifications: every notification, highest priority first, filterable by type and priority,
 * with a Dismissed tab; members who may write dismiss one, a selection, or all of a type.
 */
export function NotificationsPage() {
  const [status, setStatus] = useState<NotificationFilters['status']>('active');
  const [type, setType] = useState<NotificationFilters['type'] | ''>('');
  const [priority, setPriority] = useState<NotificationFilters['priority'] | ''>('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const filters: NotificationFilters = { status, type: type || undefined, priority: priority || undefined };
  const { data, isPending, isError, error } = useNotifications(filters);
  const organization = useOrganization();
  const dismiss = useDismissNotification();
  const filtered = Boolean(type || priority);
  const canDismiss =
    status === 'active' && Boolean(organization.data && can(organization.data.role, 'data.write'));
  // Only what is on screen stays selected (a filter change or a dismissal drops the rest).
  const selected = useMemo(
    () => new Set((data ?? []).filter((n) => picked.has(n.id)).map((n) => n.id)),
    [data, picked],
  );
  const toggle = (id: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Notifications"
        description="Renewal reminders, cost alerts and contract deadlines for your workspace. Dismiss what you have handled; it moves to the Dismissed tab."
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Tabs value={status} onValueChange={(v) => setStatus(v as NotificationFilters['status'])}>
          <TabsList>
            <TabsTrigger value="active">Active</TabsTrigger>
            <TabsTrigger value="dismissed">Dismissed</TabsTrigger>
          </TabsList>
        </Tabs>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <LabelledChoiceSelect
            id="notification-type"
            label="Type"
            value={type}
            onValueChange={(v) => setType(v as NotificationFilters['type'] | '')}
            className="sm:w-44"
            emptyLabel="All types"
            choices={NOTIFICATION_TYPES.map((value) => ({ value, label: typeMeta(value).label }))}
          />
          <LabelledChoiceSelect
            id="notification-priority"
            label="Priority"
            value={priority}
            onValueChange={(v) => setPriority(v as NotificationFilters['priority'] | '')}
            className="sm:w-36"
            emptyLabel="All priorities"
            choices={NOTIFICATION_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }))}
          />
        </div>
      </div>
      <Card className="overflow-hidden">
        {isPending ? (
          <div className="flex justify-center py-12">
            <Spinner />
          </div>
        ) : isError ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">
            Notifications could not be loaded: {errorMessage(error)}
          </p>
        ) : data.length === 0 ? (
          <EmptyState
            icon={BellOff}
            title={status === 'dismissed' ? 'Nothing dismissed yet' : 'All Clear!'}
            description={
              filtered
                ? 'No notifications match these filters.'
                : status === 'dismissed'
                  ? 'Notifications you dismiss are kept here for reference.'
                  : 'No notifications at this time'
            }
            className="py-14"
          />
        ) : (
          <>
            {canDismiss && (
              <BulkDismissBar
                items={data}
                selected={selected}
                onSelectAll={(all) => setPicked(new Set(all ? data.map((n) => n.id) : []))}
                onDismissed={() => setPicked(new Set())}
              />
            )}
            <div className="divide-y">
              {data.map((n) => (
                <NotificationItem
                  key={n.id}
                  notification={n}
                  onDismiss={canDismiss ? (id) => dismiss.mutate(id) : undefined}
                  dismissing={dismiss.isPending && dismiss.variables === n.id}
                  selection={
                    canDismiss
                      ? { checked: selected.has(n.id), onChange: (on) => toggle(n.id, on) }
                      : undefined
                  }
                />
              ))}
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
