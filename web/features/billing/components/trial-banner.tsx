import { Clock, Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useOrganization } from '@/lib/organizations/get-organization';
import { cn } from '@/lib/cn';
import { useTrialStatus } from '@/lib/billing/get-trial-status';
import { trialBannerState, type BannerTone } from '../trial-banner-state';
import { useUpgradeDialog } from '@/lib/billing/use-upgrade-dialog';

const TONES: Record<BannerTone, string> = {
  info: 'bg-blue-600 text-white',
  urgent: 'bg-orange-600 text-white',
  success: 'bg-green-600 text-white',
};

const DISMISS_KEY = 'stackwise.trialBannerDismissed';

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISS_KEY);
  } catch {
    return null;
  }
}

/** Shown over the app while a trial is active (spec §2); dismissed until the day count changes. */
export function TrialBanner() {
  const { data: status } = useTrialStatus();
  const { data: organization } = useOrganization();
  const { openUpgrade } = useUpgradeDialog();
  const [dismissed, setDismissed] = useState(readDismissed);
  const state = trialBannerState(status, organization);
  if (!state || !status) return null;
  const token = `${status.trialPlan}:${status.trialDaysRemaining}`;
  if (dismissed === token) return null;

  const dismiss = () => {
    setDismissed(token);
    try {
      sessionStorage.setItem(DISMISS_KEY, token);
    } catch {
      // Private mode: dismissed for this page view only.
    }
  };
  const actionClass = 'border-0 bg-white text-gray-900 shadow-none hover:bg-white/90';
  const Icon = state.tone === 'urgent' ? Clock : Sparkles;

  return (
    <div role="region" aria-label="Trial" data-testid="trial-banner" data-tone={state.tone} className={cn('relative', TONES[state.tone])}>
      <div className="mx-auto flex flex-col gap-2 py-2.5 pl-4 pr-12 sm:flex-row sm:items-center sm:gap-4 sm:pl-6">
        <Icon className="hidden size-5 shrink-0 sm:block" aria-hidden />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="text-sm font-semibold">{state.title}</p>
          <p className="text-xs text-white/85">{state.subtext}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          {state.actions.includes('manage') && (
            <Button size="sm" className={actionClass} asChild>
              <Link to="/app/settings/billing">Manage</Link>
            </Button>
          )}
          {state.actions.includes('enable-auto-renew') && (
            <Button size="sm" className={actionClass} asChild>
              <Link to="/app/settings/billing">Enable Auto-Renew</Link>
            </Button>
          )}
          {state.actions.includes('upgrade') && (
            <Button
              size="sm"
              className={actionClass}
              onClick={() => openUpgrade(status.trialPlan === 'scale' ? 'scale' : 'pro')}
            >
              Upgrade Now
            </Button>
          )}
        </div>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss"
        className="absolute right-3 top-3 rounded-md p-1 sm:top-1/2 sm:-translate-y-1/2 text-white/80 transition-colors hover:bg-white/15 hover:text-white"
      >
        <X className="size-4" />
      </button>
    </div>
  );
}
