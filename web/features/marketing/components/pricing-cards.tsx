import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { PLAN_IDS, PLANS } from '@common/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatWholeMoney } from '@/lib/format';
import { displayPrice, PLAN_TAGLINES, type Billing } from '@/lib/pricing-matrix';

/** The three plans from common/plans.ts, monthly or yearly. */
export function PricingCards({ billing }: { billing: Billing }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {PLAN_IDS.map((id) => {
        const plan = PLANS[id];
        const price = displayPrice(id, billing);
        const featured = id === 'pro';
        return (
          <div
            key={id}
            data-testid={`plan-${id}`}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-card p-6 sm:p-8',
              featured && 'border-primary/60 shadow-xl shadow-primary/10 ring-1 ring-primary/40',
            )}
          >
            {featured && (
              <Badge className="absolute -top-3 left-6 border-primary/30 bg-background">Most popular</Badge>
            )}
            <h3 className="text-lg font-semibold">{plan.name}</h3>
            <p className="mt-1 min-h-10 text-sm text-muted-foreground">{PLAN_TAGLINES[id]}</p>
            <p className="mt-6 flex items-baseline gap-1">
              <span className="text-4xl font-semibold tracking-tight tabular-nums">
                {formatWholeMoney(price.amount)}
              </span>
              <span className="text-sm text-muted-foreground">{price.period}</span>
            </p>
            <p className="mt-1 h-5 text-xs font-medium text-success">{price.note}</p>
            <Button className="mt-6 w-full" variant={featured ? 'default' : 'outline'} asChild>
              <Link to="/auth/register">{id === 'starter' ? 'Start free' : 'Start 14-day free trial'}</Link>
            </Button>
            <ul className="mt-8 grid gap-3">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-start gap-3 text-sm">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  {feature}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
