import { inDays } from '@common/wording';
import { Badge } from '@/components/ui/badge';

/** "in 12 days" / "today" / "3 days ago", coloured by how soon the renewal is. */
export function daysLeftLabel(days: number): string {
  return inDays(days);
}

/**
 * How soon an application renews. A cancelled one does not renew: its date is when access ends,
 * shown without urgency; a paused one shows that it is paused.
 */
export function RenewalBadge({ days, status }: { days: number | null; status?: string }) {
  if (days === null) return null;
  if (status === 'cancelled') {
    return (
      <Badge variant="secondary">
        {days < 0 ? `ended ${daysLeftLabel(days)}` : `ends ${daysLeftLabel(days)}`}
      </Badge>
    );
  }
  if (status === 'paused') return <Badge variant="secondary">paused</Badge>;
  const variant = days < 0 ? 'destructive' : days <= 7 ? 'destructive' : days <= 30 ? 'warning' : 'secondary';
  return <Badge variant={variant}>{daysLeftLabel(days)}</Badge>;
}
