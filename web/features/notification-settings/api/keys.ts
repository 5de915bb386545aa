export const notificationSettingsKeys = {
  all: ['notification-settings'] as const,
  organization: () => ['notification-settings', 'organization'] as const,
  mine: () => ['notification-settings', 'me'] as const,
};
