import type { App } from './types';
import { authRoutes } from './modules/auth/auth.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { contractsRoutes } from './modules/contracts/contracts.routes';
import { renewalsRoutes } from './modules/renewals/renewals.routes';
import { notificationSettingsRoutes } from './modules/alerts/notification-settings.routes';
import { publicFormsRoutes } from './modules/public-forms/public-forms.routes';

/** Every /api feature's routes; each feature adds one line here. */
export const apiRoutes: Array<(app: App) => Promise<void>> = [
  authRoutes,
  onboardingRoutes,
  organizationsRoutes,
  notificationsRoutes,
  contractsRoutes,
  renewalsRoutes,
  notificationSettingsRoutes,
  publicFormsRoutes,
];
