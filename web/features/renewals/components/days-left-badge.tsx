import { Badge, type BadgeProps } from '@/components/ui/badge';

function describe(days: number): string {
  if (days < 0) return `${-days} day${days === -1 ? '' : 's'} overdue`;
  if (days === 0) return 'Today';
  if (days === 1) return '1 day';
  return `${days} days`;
}

/** Days until a renewal, coloured by urgency: overdue and ≤ 7 red, ≤ 30 amber, later neutral. */
export function DaysLeftBadge({ days }: { days: number }) {
  const variant: BadgeProps['variant'] = days <= 7 ? 'destructive' : days <= 30 ? 'warning' : 'secondary';
  return (
    <Badge variant={variant} className="tabular-nums">
      {describe(days)}
    </Badge>
  );
}
