import { CheckCircle2, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { SETUP_STEPS, setupRemaining } from '@common/onboarding';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { PageHeader } from '@/components/layout/page-header';
import { useOrganizations } from '@/lib/organizations/get-organizations';
import { cn } from '@/lib/cn';
import { SETUP_STEP_INFO } from '@/lib/setup-steps';

/** /app/setup: the six setup steps, each with a button to where it is done. */
export function SetupPage() {
  const { data, isPending } = useOrganizations();
  const progress = data?.[0]?.setupProgress ?? {};
  const remaining = setupRemaining(progress);
  const done = SETUP_STEPS.length - remaining;
  const percent = Math.round((done / SETUP_STEPS.length) * 100);
  const nextStep = SETUP_STEPS.find((step) => progress[step] !== true);

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Setup Progress"
        description="Six steps turn Stackwise from a list into a system: every application, every seat and every dollar accounted for."
      />
      <Card className="p-5">
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="text-sm font-medium">
              {done} of {SETUP_STEPS.length} steps complete
            </p>
            <p className="text-sm text-muted-foreground">
              {remaining === 0
                ? 'Your workspace is fully set up.'
                : `${remaining} ${remaining === 1 ? 'step' : 'steps'} remaining`}
            </p>
          </div>
          <span className="text-2xl font-semibold tabular-nums">{percent}%</span>
        </div>
        <div
          className="mt-4 h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Setup progress"
          aria-valuemin={0}
          aria-valuemax={SETUP_STEPS.length}
          aria-valuenow={done}
        >
          <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${percent}%` }} />
        </div>
      </Card>
      {isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : (
        <ol className="grid gap-3">
          {SETUP_STEPS.map((step, index) => {
            const info = SETUP_STEP_INFO[step];
            const complete = progress[step] === true;
            const Icon = info.icon;
            return (
              <li key={step}>
                <Card
                  className={cn(
                    'flex flex-col gap-4 p-5 sm:flex-row sm:items-center',
                    complete && 'bg-muted/40',
                  )}
                >
                  <div className="flex flex-1 items-start gap-4">
                    <span
                      className={cn(
                        'flex size-10 shrink-0 items-center justify-center rounded-lg',
                        complete ? 'bg-success/15 text-success' : 'bg-primary/10 text-primary',
                      )}
                    >
                      {complete ? (
                        <CheckCircle2 className="size-5" aria-hidden />
                      ) : (
                        <Icon className="size-5" aria-hidden />
                      )}
                    </span>
                    <div className="grid gap-1">
                      <p className="text-sm font-semibold">
                        <span className="text-muted-foreground">{index + 1}. </span>
                        {info.title}
                        {complete && <span className="sr-only"> (complete)</span>}
                      </p>
                      <p className="text-sm text-muted-foreground">{info.description}</p>
                    </div>
                  </div>
                  <Button
                    variant={step === nextStep ? 'default' : 'outline'}
                    size="sm"
                    asChild
                    className="self-start sm:self-center"
                  >
                    <Link to={info.to}>{complete ? 'Review' : info.action}</Link>
                  </Button>
                </Card>
              </li>
            );
          })}
        </ol>
      )}
      {remaining === 0 && !isPending && (
        <Card className="flex items-center gap-3 p-5">
          <PartyPopper className="size-5 text-primary" aria-hidden />
          <p className="text-sm">
            Setup complete. The Setup Progress entry leaves the sidebar now that every step is done.
          </p>
        </Card>
      )}
    </div>
  );
}
