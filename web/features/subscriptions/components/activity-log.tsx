import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatRelative } from '@/lib/format';
import { useActivity } from '../api/get-activity';

/** 'subscription.update' → 'Updated'; unknown actions show as they are. */
const ACTION_LABELS: Record<string, string> = {
  'subscription.create': 'Created',
  'subscription.update': 'Updated',
  'subscription.archive': 'Archived',
  'subscription.restore': 'Restored',
  'subscription.bulk_update': 'Updated in bulk',
  'subscription.import': 'Imported',
};

/** Where a created application came from, as the create event records it. */
const SOURCES: Record<string, string> = {
  demo: 'from the demo company',
  import: 'from a CSV import',
  wallos: 'from a Wallos export',
  discovery: 'from discovered expenses',
};
/** Bookkeeping in an event's changes, not something the user changed. */
const INTERNAL_KEYS = new Set(['row', 'importId', 'source']);

/** 'amountMinor' → 'amount', 'nextRenewalDate' → 'next renewal date'. */
const fieldLabel = (key: string) =>
  key
    .replace(/(Minor|Id|Ids)$/, '')
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase();

/** What an event's changes say, in words: where a new application came from, or what changed. */
function detailOf(action: string, changes: Record<string, unknown> | null): string | null {
  if (!changes) return null;
  if (action.endsWith('.create')) return SOURCES[String(changes.source)] ?? null;
  const fields = Object.keys(changes).filter((key) => !INTERNAL_KEYS.has(key));
  return fields.length > 0 ? fields.slice(0, 5).map(fieldLabel).join(', ') : null;
}

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
            {activity.data.map((event) => {
              const detail = detailOf(event.action, event.changes);
              return (
                <li key={event.id} className="text-sm">
                  <span className="font-medium">{ACTION_LABELS[event.action] ?? event.action}</span>
                  {detail && <span className="text-muted-foreground"> · {detail}</span>}
                  <span className="block text-xs text-muted-foreground">
                    {event.userName ?? 'System'} · {formatRelative(event.createdAt)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
