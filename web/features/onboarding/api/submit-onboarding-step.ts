import type { z } from 'zod';
import type { User } from '@common/contracts/auth';
import type { onboardingBody } from '@common/contracts/organizations';
import { authKeys } from '@/lib/auth/keys';
import { organizationKeys } from '@/lib/organizations/keys';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export type OnboardingStepInput = z.input<typeof onboardingBody>;

/** PATCH /api/onboarding — answers the user with the next phase (the workspace step creates the organization). */
export function submitOnboardingStep(body: OnboardingStepInput): Promise<User> {
  return apiRequest<User>('PATCH', '/api/onboarding', body);
}

export function useSubmitOnboardingStep() {
  return useRefreshingMutation(submitOnboardingStep, async (queryClient, user) => {
    queryClient.setQueryData(authKeys.user, user);
    await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
  });
}
