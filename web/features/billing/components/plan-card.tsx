import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { PLANS, type PlanId } from '@common/plans';
import { Badge } from '@/components/ui/badge';
import { type Billing, LIMIT_ROWS, displayPrice } from '@/lib/pricing-matrix';
import { cn } from '@/lib/cn';
import { formatWholeMoney } from '@/lib/format';

interface PlanCardProps {
  planId: PlanId;
  billing: Billing;
  badge?: string | null;
  highlighted?: boolean;
  children?: ReactNode;
}

/** One plan on /app/settings/plans: price for the period, limits, features and its actions. */
export function PlanCard({ planId, billing, badge, highlighted, children }: PlanCardProps) {
  const plan = PLANS[planId];
  const price = displayPrice(planId, billing);
  return (
    <section
      aria-labelledby={`plan-${planId}-name`}
      data-testid={`plan-card-${planId}`}
      className={cn(
        'relative flex flex-col rounded-xl border bg-card p-5',
        highlighted && 'border-primary/60 ring-1 ring-primary/40',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`plan-${planId}-name`} className="font-semibold">
          {plan.name}
        </h3>
        {badge && <Badge>{badge}</Badge>}
      </div>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-3xl font-semibold tracking-tight tabular-nums">{formatWholeMoney(price.amount)}</span>
        <span className="text-sm text-muted-foreground">{price.period}</span>
      </p>
      <p className="mt-1 h-4 text-xs font-medium text-success">{price.note}</p>
      <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        {LIMIT_ROWS.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="text-right font-medium tabular-nums">{row.value(planId)}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-4 grid flex-1 content-start gap-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-5 grid gap-2">{children}</div>
    </section>
  );
}
