import { Badge } from '@/components/ui/badge';

/** "in 12 days" / "today" / "3 days ago", coloured by how soon the renewal is. */
export function daysLeftLabel(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > 0) return `in ${days} days`;
  return days === -1 ? '1 day ago' : `${-days} days ago`;
}

export function RenewalBadge({ days }: { days: number | null }) {
  if (days === null) return null;
  const variant = days < 0 ? 'destructive' : days <= 7 ? 'destructive' : days <= 30 ? 'warning' : 'secondary';
  return <Badge variant={variant}>{daysLeftLabel(days)}</Badge>;
}
