import type { App } from './types';
import { authRoutes } from './modules/auth/auth.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { licensesRoutes } from './modules/licenses/licenses.routes';
import { usageRoutes } from './modules/usage/usage.routes';
import { attestationsRoutes } from './modules/attestations/attestations.routes';
import { teamToolsRoutes } from './modules/team-tools/team-tools.routes';

/** Every /api feature's routes; each feature adds one line here. */
export const apiRoutes: Array<(app: App) => Promise<void>> = [
  authRoutes,
  onboardingRoutes,
  organizationsRoutes,
  notificationsRoutes,
  peopleRoutes,
  licensesRoutes,
  usageRoutes,
  attestationsRoutes,
  teamToolsRoutes,
];
