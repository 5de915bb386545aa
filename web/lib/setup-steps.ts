import { AppWindow, BellRing, KeyRound, type LucideIcon, Receipt, UserPlus, Wallet } from 'lucide-react';
import type { SetupStep } from '@common/onboarding';

export interface SetupStepInfo {
  title: string;
  description: string;
  to: string;
  action: string;
  icon: LucideIcon;
}

/** Each of the six setup steps and the place where it is done. */
export const SETUP_STEP_INFO: Record<SetupStep, SetupStepInfo> = {
  addApplications: {
    title: 'Add your applications',
    description: 'List the software your company pays for, with cost, billing cycle and renewal date.',
    to: '/app/subscriptions',
    action: 'Add applications',
    icon: AppWindow,
  },
  inviteTeam: {
    title: 'Invite your team',
    description: 'Bring in finance and IT colleagues so owners can keep their own applications up to date.',
    to: '/app/team',
    action: 'Invite teammates',
    icon: UserPlus,
  },
  importExpenses: {
    title: 'Import expenses',
    description: 'Upload card or accounting exports so actual spend is matched to each application.',
    to: '/app/expenses',
    action: 'Import expenses',
    icon: Receipt,
  },
  createBudget: {
    title: 'Create a budget',
    description: 'Set a software budget for the year or a department and get alerted before it is exceeded.',
    to: '/app/budget',
    action: 'Create a budget',
    icon: Wallet,
  },
  configureAlerts: {
    title: 'Configure alerts',
    description: 'Choose which renewal, cost and contract alerts you receive, and how early.',
    to: '/app/settings/notifications',
    action: 'Configure alerts',
    icon: BellRing,
  },
  assignLicenses: {
    title: 'Assign licenses',
    description: 'Record who holds each seat so unused licenses can be found and reclaimed.',
    to: '/app/licenses',
    action: 'Assign licenses',
    icon: KeyRound,
  },
};
