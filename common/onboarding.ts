export const ONBOARDING_PHASES = ['profile', 'workspace', 'apps', 'completed'] as const;
export type OnboardingPhase = (typeof ONBOARDING_PHASES)[number];

export const SETUP_STEPS = [
  'addApplications',
  'inviteTeam',
  'importExpenses',
  'createBudget',
  'configureAlerts',
  'assignLicenses',
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export type SetupProgress = Partial<Record<SetupStep, boolean>> & { setupCompletedAt?: string | null };

/** remaining = 6 − count of true flags, ignoring setupCompletedAt (spec §4). */
export function setupRemaining(progress: SetupProgress | null | undefined): number {
  const done = SETUP_STEPS.filter((step) => progress?.[step] === true).length;
  return SETUP_STEPS.length - done;
}
