import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatRelative } from '@/lib/format';
import { useActivity } from '../api/get-subscription';

/** 'subscription.update' → 'Updated'; unknown actions show as they are. */
const ACTION_LABELS: Record<string, string> = {
  'subscription.create': 'Created',
  'subscription.update': 'Updated',
  'subscription.archive': 'Archived',
  'subscription.restore': 'Restored',
  'subscription.bulk_update': 'Updated in bulk',
  'subscription.import': 'Imported',
};

/** The audit trail of one application. */
export function ActivityLog({ id }: { id: string }) {
  const activity = useActivity(id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <Spinner />
        ) : !activity.data?.length ? (
          <p className="text-sm text-muted-foreground">No activity yet.</p>
        ) : (
          <ul className="grid gap-2.5">
            {activity.data.map((event) => (
              <li key={event.id} className="text-sm">
                <span className="font-medium">{ACTION_LABELS[event.action] ?? event.action}</span>
                {event.changes && Object.keys(event.changes).length > 0 && (
                  <span className="text-muted-foreground">
                    {' '}
                    · {Object.keys(event.changes).slice(0, 5).join(', ')}
                  </span>
                )}
                <span className="block text-xs text-muted-foreground">
                  {event.userName ?? 'System'} · {formatRelative(event.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
