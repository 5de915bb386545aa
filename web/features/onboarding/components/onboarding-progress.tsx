import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

export const ONBOARDING_STEPS = [
  { phase: 'profile', label: 'Your profile' },
  { phase: 'workspace', label: 'Your workspace' },
  { phase: 'apps', label: 'Your applications' },
] as const;

/** Which step is current, which are done, and how far along the user is. */
export function OnboardingProgress({ current }: { current: number }) {
  return (
    <nav aria-label="Onboarding progress" className="grid gap-3">
      <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
        Step {current + 1} of {ONBOARDING_STEPS.length}
      </p>
      <ol className="flex items-center gap-2">
        {ONBOARDING_STEPS.map((step, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li
              key={step.phase}
              className="flex flex-1 items-center gap-2"
              aria-current={active ? 'step' : undefined}
            >
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold transition-colors',
                  done && 'border-primary bg-primary text-primary-foreground',
                  active && 'border-primary text-primary ring-4 ring-primary/15',
                  !done && !active && 'text-muted-foreground',
                )}
              >
                {done ? <Check className="size-3.5" aria-hidden /> : index + 1}
              </span>
              <span
                className={cn('hidden text-sm sm:inline', active ? 'font-medium' : 'text-muted-foreground')}
              >
                {step.label}
                {done && <span className="sr-only"> (done)</span>}
              </span>
              {index < ONBOARDING_STEPS.length - 1 && (
                <span className={cn('h-px flex-1', done ? 'bg-primary' : 'bg-border')} aria-hidden />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
