import { plural } from '@common/wording';
import { Badge, type BadgeProps } from '@/components/ui/badge';

function describe(days: number): string {
  if (days < 0) return `${plural(-days, 'day')} overdue`;
  if (days === 0) return 'Today';
  return plural(days, 'day');
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
