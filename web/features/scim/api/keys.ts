export const scimKeys = { token: () => ['scim', 'token'] as const };
