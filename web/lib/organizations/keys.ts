export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => ['organizations', 'list'] as const,
  current: () => ['organizations', 'current'] as const,
};
