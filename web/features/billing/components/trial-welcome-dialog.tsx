import { PartyPopper } from 'lucide-react';
import { useEffect } from 'react';
import { PLANS, TRIAL_DAYS, type PaidPlanId } from '@common/plans';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { browser } from '@/lib/browser';

/** The page reloads this long after a trial starts (spec §9), so every screen picks up the new plan. */
export const RELOAD_AFTER_TRIAL_MS = 2000;

/** 'Welcome' after a trial starts: confetti, then a reload 2000 ms later. */
export function TrialWelcomeDialog({ planId }: { planId: PaidPlanId | null }) {
  useEffect(() => {
    if (!planId) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // Loaded only now: the confetti library is not part of any screen's first paint.
    if (!reduced) {
      void import('canvas-confetti').then(({ default: confetti }) =>
        confetti({ particleCount: 160, spread: 80, origin: { y: 0.6 } }),
      );
    }
    const timer = setTimeout(() => browser.reload(), RELOAD_AFTER_TRIAL_MS);
    return () => clearTimeout(timer);
  }, [planId]);

  return (
    <Dialog open={planId !== null}>
      <DialogContent className="max-w-sm text-center" hideClose onEscapeKeyDown={(e) => e.preventDefault()}>
        {planId && (
          <DialogHeader className="justify-items-center pr-0">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
              <PartyPopper className="size-6" aria-hidden />
            </span>
            <DialogTitle>Welcome to {PLANS[planId].name}!</DialogTitle>
            <DialogDescription>
              Your {TRIAL_DAYS}-day free trial has started. Every {PLANS[planId].name} feature is now unlocked.
            </DialogDescription>
          </DialogHeader>
        )}
      </DialogContent>
    </Dialog>
  );
}
