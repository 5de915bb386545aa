import { Check, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { PLANS, type PaidPlanId } from '@common/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/layout/logo';
import { UserMenu } from '@/components/layout/user-menu';
import { formatWholeMoney } from '@/lib/format';

const STARTER_POINTS = ['Up to 15 subscriptions', 'Single user', 'Basic renewal alerts'];

/**
 * Replaces the app when the account is trial_expired or locked (spec §2); only the plans and
 * billing settings stay reachable, and both choices lead there.
 */
export function LockedScreen({ planId }: { planId: PaidPlanId }) {
  const plan = PLANS[planId];
  return (
    <div className="flex min-h-dvh flex-col bg-background" data-testid="locked-screen">
      <header className="flex h-14 items-center justify-between border-b px-4 sm:px-6">
        <Logo />
        <UserMenu />
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-8 px-4 py-10 text-center">
        <div className="grid justify-items-center gap-3">
          <span className="flex size-12 items-center justify-center rounded-full bg-destructive/15 text-destructive">
            <Lock className="size-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your Trial Has Ended</h1>
          <p className="max-w-xl text-muted-foreground">
            Your account is temporarily locked. Upgrade to a paid plan or downgrade to the Free plan to regain access.
          </p>
        </div>
        <div className="grid w-full gap-4 text-left sm:grid-cols-2">
          <section className="flex flex-col rounded-xl border bg-card p-6" aria-labelledby="locked-free">
            <h2 id="locked-free" className="font-semibold">
              Downgrade to Free
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">Starter</p>
            <p className="mt-4 text-3xl font-semibold tabular-nums">
              $0<span className="text-sm font-normal text-muted-foreground">/month</span>
            </p>
            <ul className="mt-4 grid flex-1 content-start gap-2 text-sm">
              {STARTER_POINTS.map((point) => (
                <li key={point} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                  {point}
                </li>
              ))}
            </ul>
            <Button variant="outline" className="mt-6" asChild>
              <Link to="/app/settings/plans">Downgrade to Free</Link>
            </Button>
          </section>
          <section
            className="relative flex flex-col rounded-xl border border-primary/60 bg-card p-6 ring-1 ring-primary/40"
            aria-labelledby="locked-upgrade"
          >
            <Badge className="absolute -top-3 right-6 bg-background">Recommended</Badge>
            <h2 id="locked-upgrade" className="font-semibold">
              Upgrade to {plan.name}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">Keep everything you set up during the trial</p>
            <p className="mt-4 text-3xl font-semibold tabular-nums">
              {formatWholeMoney(plan.price)}
              <span className="text-sm font-normal text-muted-foreground">/month</span>
            </p>
            <ul className="mt-4 grid flex-1 content-start gap-2 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  {feature}
                </li>
              ))}
            </ul>
            <Button className="mt-6" asChild>
              <Link to="/app/settings/plans">Upgrade to {plan.name}</Link>
            </Button>
          </section>
        </div>
        <Link to="/app/settings/plans" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Compare all plans
        </Link>
      </main>
    </div>
  );
}
