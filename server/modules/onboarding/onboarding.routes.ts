import { userResponse } from '../../../common/contracts/auth';
import { errorResponse } from '../../../common/contracts/errors';
import { onboardingBody } from '../../../common/contracts/organizations';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { submitOnboardingStep } from './onboarding.service';

export async function onboardingRoutes(app: App) {
  app.patch('/onboarding', {
    schema: {
      operationId: 'submitOnboardingStep',
      tags: ['onboarding'],
      body: onboardingBody,
      response: { 200: userResponse, 400: errorResponse },
    },
    preHandler: guard({ org: false }),
    handler: async (request) => submitOnboardingStep(app.deps, request.authState!.user, request.body),
  });
}
